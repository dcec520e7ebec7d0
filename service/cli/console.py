"""`countersign serve | demo | worker | …`: the command line, and the commands that run processes.

The commands on a workspace's data (migrate, users, keys, accounts) are in admin.py, its
settings in config.py, its chats in chat.py; each group declares its own arguments (admin_args.py,
config_args.py, chat.py, ops.py), and this module only dispatches to them.
Each command imports what it needs inside its own function, so `countersign keys list` loads
the storage layer and nothing of HTTP (no starlette, uvicorn, alembic, httpx, jinja2, argon2,
cryptography); tests/cli/test_cli_imports.py holds that line."""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Coroutine
from typing import Any, NoReturn

from service.cli import admin, admin_args, config_args, ops
from service.cli import chat as chat_commands
from service.settings import Settings, SettingsError

log = logging.getLogger("countersign")


NO_PLATFORM = (
    "COUNTERSIGN_PLATFORM_URL is not set: set it to the platform's base URL. To run against "
    "the fake platform on purpose (development only), pass --fake-platform or use "
    "`countersign demo`."
)


def _platform_settings(settings: Settings, args: argparse.Namespace) -> Settings:
    """The platform is never faked by accident: without a URL, `serve` and `worker` refuse to
    start unless the fake was asked for by name."""
    if getattr(args, "fake_platform", False):
        from attrs import evolve

        from service.cli.demo import start_fake_platform  # imports harness: development only

        settings = start_fake_platform(evolve(settings, platform_url=None))
    if not settings.platform_url:
        raise ops.Refused(f"configuration error: {NO_PLATFORM}")
    log.info("platform: %s", settings.platform_url)
    print(f"countersign {args.command}: platform at {settings.platform_url}", flush=True)
    return settings


def _database_ready(settings: Settings, args: argparse.Namespace) -> None:
    """`serve` and `worker` start only on a migrated database, and say which one it is."""
    import asyncio

    from storage.sql.store import SqlStore

    async def check() -> None:
        store = SqlStore.from_url(settings.database_url)
        try:
            await ops.require_migrated(store, settings)
        finally:
            await store.close()

    asyncio.run(check())
    label = ops.database_label(settings)
    log.info("database: %s", label)
    print(f"countersign {args.command}: {label}", flush=True)


def cmd_serve(settings: Settings, args: argparse.Namespace) -> None:
    from service.app import create_app
    from service.runtime.access_log import log_config
    from service.runtime.serving import serve

    _address_free(args.host, args.port)
    settings = _platform_settings(settings, args)
    _database_ready(settings, args)
    # The app reads X-Forwarded-For itself, from COUNTERSIGN_FORWARDED_ALLOW_IPS only.
    serve(create_app(settings), settings, host=args.host, port=args.port, log_config=log_config())


def cmd_demo(settings: Settings, args: argparse.Namespace) -> None:
    from service.cli.demo import run_demo

    _address_free(args.host, args.port)
    if args.reset:
        from service.cli.demo_files import reset_demo

        reset_demo(settings)
    run_demo(settings, args.host, args.port)


def _address_free(host: str, port: int) -> None:
    """Refuse before anything starts when the address is taken: the demo would otherwise seed,
    move its receiver's subscription and print a banner for a server that never listens."""
    import socket

    try:
        family, _, _, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    except OSError:
        return  # an address that does not resolve: uvicorn says so itself
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds
        try:
            probe.bind(address)
        except OSError as exc:
            _refuse(
                f"cannot listen on {host}:{port}: {exc.strerror or exc} (another `countersign "
                "serve` or `demo`?): stop it, or pass --port N (`make demo PORT=N`)"
            )


def cmd_worker(settings: Settings, args: argparse.Namespace) -> None:
    """Background work without HTTP: run as many as you like beside the API on PostgreSQL."""
    import asyncio

    from service.app import build_services, running
    from storage.sql.store import SqlStore

    settings = _platform_settings(settings, args)
    _database_ready(settings, args)

    async def work() -> None:
        import signal

        store = SqlStore.from_url(settings.database_url)
        services = build_services(settings, store=store)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGTERM, signal.SIGINT):  # a clean stop: sends in flight finish
            loop.add_signal_handler(signum, stop.set)
        async with running(services, owned=store):
            await stop.wait()
        print("countersign worker: stopped", flush=True)

    run_event_loop(work())


def run_event_loop(main: Coroutine[Any, Any, None]) -> None:
    """The loop `serve` gets from uvicorn (loop="auto"): uvloop where it is installed (with
    uvicorn[standard] on Linux and macOS), asyncio's own otherwise."""
    try:
        import uvloop
    except ImportError:
        import asyncio

        asyncio.run(main)
    else:
        uvloop.run(main)


def parser() -> argparse.ArgumentParser:
    root = argparse.ArgumentParser(prog="countersign")
    sub = root.add_subparsers(dest="command", required=True)

    serve = sub.add_parser("serve", help="run the HTTP service")
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument(
        "--fake-platform",
        action="store_true",
        help="development only: run the fake platform beside the service",
    )
    serve.set_defaults(run=cmd_serve)
    demo = sub.add_parser("demo", help="serve with the fake platform, a linked creator and keys")
    demo.add_argument("--host", default="127.0.0.1")
    demo.add_argument("--port", type=int, default=8000)
    demo.add_argument(
        "--reset",
        action="store_true",
        help="start over: delete the demo's database, keys and fake-platform state first",
    )
    demo.set_defaults(run=cmd_demo)
    sub.add_parser("migrate", help="bring the database schema up to date").set_defaults(
        run=admin.cmd_migrate
    )
    # Listed for --help; main() hands its arguments to `python -m harness.platform` unparsed.
    sub.add_parser(
        "fake-platform",
        help="run the fake platform on its own (QA): "
        "[--host H] [--port 8100] [--seed N] [--tick-seconds N]",
    )
    worker = sub.add_parser("worker", help="run executors and other background loops, no HTTP")
    worker.add_argument(
        "--fake-platform",
        action="store_true",
        help="development only: run the fake platform beside the worker",
    )
    worker.set_defaults(run=cmd_worker)
    ops.add_commands(sub)

    users, keys, accounts = admin_args.add_commands(sub)
    chat_commands.add_commands(sub)

    for command in (users, keys, accounts, *config_args.add_commands(sub)):
        for choice in command.choices.values():
            choice.add_argument(
                "--workspace", help="the workspace's id (needed only when there are several)"
            )
    return root


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["fake-platform"]:
        from harness.platform.__main__ import main as platform_main

        platform_main(argv[1:])
        return
    if argv[:1] == ["fake-chat"]:
        from harness.fake_chat import main as chat_main

        chat_main(argv[1:])
        return
    args = parser().parse_args(argv)
    try:
        settings = Settings.from_env()
    except SettingsError as exc:
        _refuse(f"configuration error: {exc}")
    try:
        args.run(settings, args)
    except ops.Refused as exc:
        _refuse(str(exc))
    except Exception as exc:
        from service.errors.api_error import ApiError  # loaded already if one was raised

        if isinstance(exc, ApiError):
            sys.exit(f"{exc.code}: {exc.message}")
        problem = _environment_problem(exc)
        if problem is None:
            raise
        _refuse(problem)


EXIT_OPERATOR_ERROR = 2
"""Configuration, connection and database problems: one line on stderr, this exit code."""


def _refuse(message: str) -> NoReturn:
    print(f"countersign: {message}", file=sys.stderr)
    sys.exit(EXIT_OPERATOR_ERROR)


def _environment_problem(exc: BaseException) -> str | None:
    """One line for a problem with the database or its URL, None for a bug (which keeps its
    traceback). Modules are looked up, not imported: only what already failed is loaded."""
    import sqlite3

    errors = sys.modules.get("service.domain.storage_errors")
    sa_exc = sys.modules.get("sqlalchemy.exc")
    asyncpg = sys.modules.get("asyncpg")
    if errors is not None and isinstance(exc, errors.StorageBusy):
        return f"database unavailable: {exc} (check COUNTERSIGN_DATABASE_URL)"
    if errors is not None and isinstance(exc, errors.StorageError):
        return f"database error: {exc} (check COUNTERSIGN_DATABASE_URL)"
    if isinstance(exc, sqlite3.Error):
        return f"database error: {exc} (check COUNTERSIGN_DATABASE_URL)"
    if asyncpg is not None and isinstance(exc, asyncpg.PostgresError | asyncpg.InterfaceError):
        return f"database error: {exc} (check COUNTERSIGN_DATABASE_URL)"
    if sa_exc is not None and isinstance(exc, sa_exc.ArgumentError | sa_exc.NoSuchModuleError):
        return f"configuration error: COUNTERSIGN_DATABASE_URL is not a database URL ({exc})"
    if sa_exc is not None and isinstance(exc, sa_exc.SQLAlchemyError):
        return f"database error: {exc.__class__.__name__}: {str(exc).splitlines()[0]}"
    if isinstance(exc, OSError):
        return f"cannot reach the database: {exc} (check COUNTERSIGN_DATABASE_URL)"
    return None


if __name__ == "__main__":
    main()
