"""`countersign serve | demo | worker | …`: the command line, and the commands that run processes.

The commands on a workspace's data (migrate, users, keys, accounts) are in admin.py.
Each command imports what it needs inside its own function, so `countersign keys list` loads
the storage layer and nothing of HTTP (no starlette, uvicorn, alembic, httpx, jinja2, argon2,
cryptography); tests/cli/test_cli_imports.py holds that line."""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Coroutine
from typing import Any, NoReturn

from service.cli import admin, config, ops
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
        from service.cli.demo import reset_demo

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


PASSWORD_HELP = "at least 10 characters; left out, it is asked for (no echo) or read from stdin"
"""A password on the command line stays in the shell's history: it may be left out."""


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
    sub.add_parser(
        "prune",
        help="remove what retention no longer keeps, merge the search indexes, say what went",
    ).set_defaults(run=ops.cmd_prune)
    backup = sub.add_parser(
        "backup", help="write a checked copy of the running SQLite database to FILE"
    )
    backup.add_argument("file", metavar="FILE")
    backup.set_defaults(run=ops.cmd_backup)

    users = sub.add_parser(
        "users", help="add people who sign in to the dashboard, set a forgotten password"
    ).add_subparsers(dest="users", required=True)
    create_user = users.add_parser("create", help="add a workspace member")
    create_user.add_argument("email", help="the address they sign in with")
    create_user.add_argument("--password", help=PASSWORD_HELP)
    create_user.add_argument(
        "--name", help="as the dashboard shows it (default: the address before the @)"
    )
    create_user.add_argument(
        "--role", choices=["owner", "admin", "member"], default="member", help="(default: member)"
    )
    create_user.add_argument(
        "--accounts",
        help="a member's accounts, comma-separated ids: they see only these (default: all)",
    )
    create_user.set_defaults(run=admin.cmd_users_create)
    assign = users.add_parser(
        "assign", help="the accounts a member sees and decides (takes effect on their next click)"
    )
    assign.add_argument("email", help="the address they sign in with")
    chosen = assign.add_mutually_exclusive_group(required=True)
    chosen.add_argument("--accounts", help="comma-separated account ids")
    chosen.add_argument("--all", action="store_true", help="every account of the workspace")
    assign.set_defaults(run=admin.cmd_users_assign)
    users.add_parser(
        "list", help="who signs in to the workspace, with their role, and who is invited"
    ).set_defaults(run=admin.cmd_users_list)
    new_password = users.add_parser(
        "password", help="set a member's new password (a forgotten one); their sessions end"
    )
    new_password.add_argument("email", help="the address they sign in with")
    new_password.add_argument("--password", help=PASSWORD_HELP)
    new_password.set_defaults(run=admin.cmd_users_password)

    keys = sub.add_parser("keys", help="create, list, revoke and roll API keys").add_subparsers(
        dest="keys", required=True
    )
    create_key = keys.add_parser("create", help="create an API key (shown once)")
    create_key.add_argument("--name", required=True, help="what the key is for, as lists show it")
    create_key.add_argument(
        "--scopes",
        default="read,write",
        help="comma-separated: read, write, admin (admin: owners only; default: read,write)",
    )
    create_key.add_argument(
        "--mode",
        choices=["live", "test"],
        default=None,
        help="test (the default: sandbox data only) or live",
    )
    create_key.add_argument("--accounts", help="comma-separated account ids (default: all)")
    create_key.add_argument(
        "--expires-in-days", type=admin.positive_days, help="whole days from now (default: never)"
    )
    create_key.set_defaults(run=admin.cmd_keys_create)
    keys.add_parser("list", help="the workspace's keys (never their secrets)").set_defaults(
        run=admin.cmd_keys_list
    )
    for name, run, about in (
        ("revoke", admin.cmd_keys_revoke, "stop a key at once"),
        ("roll", admin.cmd_keys_roll, "a new secret with the same settings; the old one stops"),
    ):
        one = keys.add_parser(name, help=about)
        one.add_argument("key_id")
        one.set_defaults(run=run)

    accounts = sub.add_parser(
        "accounts", help="list linked accounts and switch their writes"
    ).add_subparsers(dest="accounts", required=True)
    accounts.add_parser("list", help="linked accounts with their status and writes").set_defaults(
        run=admin.cmd_accounts_list
    )
    writes = accounts.add_parser(
        "writes",
        help="switch writes on or off for an account, or with --all for every account (audited)",
    )
    writes.add_argument("account", nargs="?")
    writes.add_argument("state", choices=["on", "off"])
    writes.add_argument("--all", action="store_true", help="every account of the workspace")
    writes.set_defaults(run=admin.cmd_accounts_writes)

    chat_commands.add_commands(sub)

    for command in (users, keys, accounts, *_settings_commands(sub)):
        for choice in command.choices.values():
            choice.add_argument(
                "--workspace", help="the workspace's id (needed only when there are several)"
            )
    return root


ROLES = ["owner", "admin", "member"]


def _settings_commands(sub: Any) -> list[Any]:
    """export, apply, policy, webhooks, members: the settings, through the use cases."""
    export = sub.add_parser("export", help="write the workspace's settings as YAML to stdout")
    export.set_defaults(run=config.cmd_export)
    apply = sub.add_parser(
        "apply", help="plan and apply a settings file (countersign.yaml) in one transaction"
    )
    apply.add_argument("file", metavar="FILE")
    apply.add_argument("--yes", action="store_true", help="apply without asking")
    apply.add_argument("--dry-run", action="store_true", help="print the plan, change nothing")
    apply.add_argument(
        "--prune", action="store_true", help="also remove what the file does not list"
    )
    apply.set_defaults(run=config.cmd_apply)
    for one in (export, apply):
        one.add_argument(
            "--workspace", help="the workspace's id (needed only when there are several)"
        )

    policy = sub.add_parser(
        "policy", help="read or set an account's or the workspace's approval policy"
    ).add_subparsers(dest="policy", required=True)
    get = policy.add_parser("get", help="the rules and limits (of ACCOUNT, else the default)")
    get.add_argument("account", nargs="?")
    get.set_defaults(run=config.cmd_policy_get)
    put = policy.add_parser("set", help="replace the rules (and limits) of ACCOUNT or the default")
    put.add_argument("account", nargs="?")
    put.add_argument("--rules", help="the rules, as JSON or YAML (a list)")
    put.add_argument("--limits", help="the daily limits, as JSON or YAML (left out: kept)")
    put.add_argument(
        "--follow-default", action="store_true", help="the account follows the default again"
    )
    put.set_defaults(run=config.cmd_policy_set)

    hooks = sub.add_parser("webhooks", help="webhook endpoints").add_subparsers(
        dest="webhooks", required=True
    )
    listing = hooks.add_parser("list", help="endpoints of both modes (never their secrets)")
    listing.set_defaults(run=config.cmd_webhooks_list)
    add = hooks.add_parser("add", help="add an endpoint (its secret shown once)")
    add.add_argument("url")
    add.add_argument("--events", help="comma-separated event types (default: all)")
    add.add_argument("--kind", choices=["events", "transactions"], default="events")
    add.set_defaults(run=config.cmd_webhooks_add)
    update = hooks.add_parser("update", help="change an endpoint's URL, events or state")
    update.add_argument("endpoint_id")
    update.add_argument("--url")
    update.add_argument("--events", help="comma-separated event types, or `all`")
    update.add_argument("--enabled", choices=["on", "off"])
    update.set_defaults(run=config.cmd_webhooks_update)
    for name, run, about in (
        ("remove", config.cmd_webhooks_remove, "stop sending to an endpoint"),
        ("roll", config.cmd_webhooks_roll, "a new signing secret (the old signs 24 hours more)"),
        ("test", config.cmd_webhooks_test, "send a test event now"),
    ):
        one = hooks.add_parser(name, help=about)
        one.add_argument("endpoint_id")
        one.set_defaults(run=run)
    for choice in hooks.choices.values():
        if choice is not listing:
            choice.add_argument("--mode", choices=["live", "test"], default="live")

    members = sub.add_parser("members", help="members and invitations").add_subparsers(
        dest="members", required=True
    )
    members.add_parser("list", help="members with their role, and who is invited").set_defaults(
        run=config.cmd_members_list
    )
    invite = members.add_parser("invite", help="invite someone (the link is shown once)")
    invite.add_argument("email")
    invite.add_argument("--role", choices=ROLES, default="member")
    invite.set_defaults(run=config.cmd_members_invite)
    role = members.add_parser("role", help="change a member's role")
    role.add_argument("email")
    role.add_argument("role", choices=ROLES)
    role.set_defaults(run=config.cmd_members_role)
    remove = members.add_parser("remove", help="remove a member (their sessions end)")
    remove.add_argument("email")
    remove.set_defaults(run=config.cmd_members_remove)
    return [policy, hooks, members]


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
