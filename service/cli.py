"""`countersign serve | migrate | users | keys | accounts`: operating the service from a shell.

Each command imports what it needs inside its own function, so `countersign keys list` loads
the storage layer and nothing of HTTP (no starlette, uvicorn, alembic, httpx, jinja2, argon2,
cryptography); tests/cli/test_cli_imports.py holds that line."""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Awaitable, Callable, Coroutine
from typing import TYPE_CHECKING, Any

from service.settings import Settings, SettingsError

if TYPE_CHECKING:
    import datetime as dt

    from service.domain.models import ApiKey
    from storage.base import Store
    from storage.sql.store import SqlStore

log = logging.getLogger("countersign")


def _store(settings: Settings) -> SqlStore:
    from storage.sql.store import SqlStore

    return SqlStore.from_url(settings.database_url)


def _run_with_store(settings: Settings, work: Callable[[SqlStore], Awaitable[None]]) -> None:
    import asyncio

    asyncio.run(_with_store(settings, work))


async def _with_store(settings: Settings, work: Callable[[SqlStore], Awaitable[None]]) -> None:
    store = _store(settings)
    try:
        if settings.embedded:
            await store.migrate()
        await work(store)
    finally:
        await store.close()


async def _workspace_id(store: Store, wanted: str | None) -> str:
    """The named workspace, or the only one; a first workspace is created on demand."""
    async with store.reading() as uow:
        found = await uow.workspaces.list()
    if wanted:
        if not any(w.id == wanted for w in found):
            raise SystemExit(f"no workspace {wanted}")
        return wanted
    if len(found) > 1:
        raise SystemExit("several workspaces exist: pass --workspace")
    if found:
        return str(found[0].id)
    from service.domain.clock import SystemClock
    from service.usecases.workspaces import create_workspace

    return (await create_workspace(store, SystemClock(), "My agency")).id


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

        from service.demo import start_fake_platform  # imports harness: development only

        settings = start_fake_platform(evolve(settings, platform_url=None))
    if not settings.platform_url:
        sys.exit(f"configuration error: {NO_PLATFORM}")
    log.info("platform: %s", settings.platform_url)
    print(f"countersign {args.command}: platform at {settings.platform_url}", flush=True)
    return settings


def cmd_serve(settings: Settings, args: argparse.Namespace) -> None:
    import uvicorn

    from service.access_log import log_config
    from service.app import create_app

    settings = _platform_settings(settings, args)
    # The app reads X-Forwarded-For itself, from COUNTERSIGN_FORWARDED_ALLOW_IPS only.
    uvicorn.run(
        create_app(settings),
        host=args.host,
        port=args.port,
        log_level="info",
        log_config=log_config(),
        proxy_headers=False,
    )


def cmd_demo(settings: Settings, args: argparse.Namespace) -> None:
    from service.demo import run_demo

    run_demo(settings, args.host, args.port)


def cmd_worker(settings: Settings, args: argparse.Namespace) -> None:
    """Background work without HTTP: run as many as you like beside the API on PostgreSQL."""
    import asyncio

    from service.app import build_services, running
    from storage.sql.store import SqlStore

    settings = _platform_settings(settings, args)

    async def work() -> None:
        store = SqlStore.from_url(settings.database_url)
        services = build_services(settings, store=store)
        async with running(services, owned=store):
            await asyncio.Event().wait()

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


def cmd_migrate(settings: Settings, args: argparse.Namespace) -> None:

    async def work(store: SqlStore) -> None:
        await store.migrate()
        print("database is at the latest schema")

    _run_with_store(settings, work)


def cmd_users_create(settings: Settings, args: argparse.Namespace) -> None:
    from service.domain.clock import SystemClock
    from service.passwords import Passwords
    from service.usecases import workspaces as ws
    from service.usecases.audit import record_cli

    async def work(store: SqlStore) -> None:
        workspace_id = await _workspace_id(store, args.workspace)
        user = await ws.create_user(
            store,
            SystemClock(),
            workspace_id,
            args.email,
            args.name or args.email.split("@")[0],
            args.password,
            args.role,
            passwords=Passwords(settings.password_hashing),
        )
        await record_cli(
            store,
            SystemClock(),
            workspace_id,
            "member.added",
            user.id,
            email=user.email,
            role=args.role,
        )
        print(f"{user.email} is {args.role} of {workspace_id}")

    _run_with_store(settings, work)


def _expiry(days: int | None) -> dt.datetime | None:
    import datetime as dt

    from service.domain.clock import SystemClock

    return None if days is None else SystemClock().now() + dt.timedelta(days=days)


def positive_days(value: str) -> int:
    """An expiry in the past or today would make a key that never works: refuse it."""
    try:
        days = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a whole number of days") from None
    if days < 1:
        raise argparse.ArgumentTypeError(
            "must be at least 1 (an expiry in the past or now would make a key that never works)"
        )
    return days


def key_state(key: ApiKey, now: dt.datetime) -> str:
    if key.revoked_at:
        return "revoked"
    if key.expires_at is not None and key.expires_at <= now:
        return "expired"
    return "active"


def cmd_keys_create(settings: Settings, args: argparse.Namespace) -> None:
    from service.domain.clock import SystemClock
    from service.usecases import workspaces as ws
    from service.usecases.audit import record_cli

    args.mode_given = args.mode is not None
    args.mode = args.mode or "test"

    async def work(store: SqlStore) -> None:
        workspace_id = await _workspace_id(store, args.workspace)
        key, secret = await ws.create_key(
            store,
            SystemClock(),
            workspace_id,
            name=args.name,
            scopes=args.scopes.split(","),
            mode=args.mode,
            account_ids=args.accounts.split(",") if args.accounts else None,
            expires_at=_expiry(args.expires_in_days),
        )
        await record_cli(
            store,
            SystemClock(),
            workspace_id,
            "key.created",
            key.id,
            name=key.name,
            mode=key.mode,
            scopes=list(key.scopes),
        )
        chosen = (
            "chosen with --mode"
            if args.mode_given
            else "the default; pass --mode live for the real platform"
        )
        print(f"Created a {key.mode.upper()}-mode key ({chosen}).")
        print(
            f"{key.id} ({key.mode}, {','.join(key.scopes)}). Copy the key now; it is not "
            f"shown again:\n{secret}"
        )

    _run_with_store(settings, work)


def cmd_keys_list(settings: Settings, args: argparse.Namespace) -> None:
    from service.domain.clock import SystemClock, isoformat

    async def work(store: SqlStore) -> None:
        workspace_id = await _workspace_id(store, args.workspace)
        async with store.reading() as uow:
            keys = await uow.keys.list(workspace_id)
        now = SystemClock().now()
        for key in keys:
            state = key_state(key, now)
            print(
                f"{key.id}  {key.prefix}…  {key.name}  {key.mode}  {','.join(key.scopes)}  "
                f"{state}  accounts={','.join(key.account_ids or ['all'])}  "
                f"expires={isoformat(key.expires_at) or 'never'}  "
                f"last_used={isoformat(key.last_used_at) or 'never'}"
            )

    _run_with_store(settings, work)


def cmd_keys_revoke(settings: Settings, args: argparse.Namespace) -> None:
    from service.domain.clock import SystemClock
    from service.usecases import workspaces as ws
    from service.usecases.audit import record_cli

    async def work(store: SqlStore) -> None:
        workspace_id = await _workspace_id(store, args.workspace)
        key = await ws.revoke_key(store, SystemClock(), workspace_id, args.key_id)
        await record_cli(store, SystemClock(), workspace_id, "key.revoked", key.id, name=key.name)
        print(f"{key.id} revoked")

    _run_with_store(settings, work)


def cmd_keys_roll(settings: Settings, args: argparse.Namespace) -> None:
    from service.domain.clock import SystemClock
    from service.usecases import workspaces as ws
    from service.usecases.audit import record_cli

    async def work(store: SqlStore) -> None:
        workspace_id = await _workspace_id(store, args.workspace)
        key, secret = await ws.roll_key(store, SystemClock(), workspace_id, args.key_id)
        await record_cli(
            store,
            SystemClock(),
            workspace_id,
            "key.rolled",
            key.id,
            name=key.name,
            replaced=args.key_id,
        )
        print(f"{args.key_id} stopped working; its replacement is {key.id}:\n{secret}")

    _run_with_store(settings, work)


def cmd_accounts_list(settings: Settings, args: argparse.Namespace) -> None:
    async def work(store: SqlStore) -> None:
        workspace_id = await _workspace_id(store, args.workspace)
        async with store.reading() as uow:
            accounts = await uow.accounts.list(workspace_id, limit=10_000)
        for a in accounts:
            print(
                f"{a.id}  @{a.username}  {a.mode}  {a.status}  "
                f"writes={'on' if a.writes_enabled else 'off'}"
            )

    _run_with_store(settings, work)


def cmd_accounts_writes(settings: Settings, args: argparse.Namespace) -> None:
    """The same audited use case as the dashboard's switch; `--all` is the kill switch."""
    from service.domain.clock import SystemClock
    from service.errors import ApiError
    from service.usecases import accounts as account_cases

    if (args.account is None) == (not args.all):
        sys.exit("name one account, or pass --all for every account of the workspace")

    async def work(store: SqlStore) -> None:
        workspace_id = await _workspace_id(store, args.workspace)
        who, enabled = account_cases.operator(workspace_id), args.state == "on"
        if args.all:
            changed = await account_cases.switch_all_writes(store, SystemClock(), who, enabled)
            print(f"writes {args.state} for all {len(changed)} accounts of {workspace_id}")
            return
        try:
            account = await account_cases.switch_writes(
                store, SystemClock(), who, args.account, enabled
            )
        except ApiError:
            raise SystemExit(f"no account {args.account} in {workspace_id}") from None
        print(f"writes {args.state} for @{account.username}")

    _run_with_store(settings, work)


def parser() -> argparse.ArgumentParser:
    root = argparse.ArgumentParser(prog="countersign")
    sub = root.add_subparsers(dest="command", required=True)

    serve = sub.add_parser("serve", help="run the HTTP service")
    serve.add_argument("--host", default="127.0.0.1")
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
    demo.set_defaults(run=cmd_demo)
    sub.add_parser("migrate", help="bring the database schema up to date").set_defaults(
        run=cmd_migrate
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

    users = sub.add_parser("users").add_subparsers(dest="users", required=True)
    create_user = users.add_parser("create", help="add a workspace member")
    create_user.add_argument("email")
    create_user.add_argument("--password", required=True)
    create_user.add_argument("--name")
    create_user.add_argument("--role", choices=["owner", "admin", "member"], default="member")
    create_user.set_defaults(run=cmd_users_create)

    keys = sub.add_parser("keys").add_subparsers(dest="keys", required=True)
    create_key = keys.add_parser("create", help="create an API key (shown once)")
    create_key.add_argument("--name", required=True)
    create_key.add_argument("--scopes", default="read,write")
    create_key.add_argument(
        "--mode",
        choices=["live", "test"],
        default=None,
        help="test (the default: sandbox data only) or live",
    )
    create_key.add_argument("--accounts", help="comma-separated account ids (default: all)")
    create_key.add_argument("--expires-in-days", type=positive_days)
    create_key.set_defaults(run=cmd_keys_create)
    keys.add_parser("list").set_defaults(run=cmd_keys_list)
    for name, run in (("revoke", cmd_keys_revoke), ("roll", cmd_keys_roll)):
        one = keys.add_parser(name)
        one.add_argument("key_id")
        one.set_defaults(run=run)

    accounts = sub.add_parser("accounts").add_subparsers(dest="accounts", required=True)
    accounts.add_parser("list").set_defaults(run=cmd_accounts_list)
    writes = accounts.add_parser(
        "writes",
        help="switch writes on or off for an account, or with --all for every account (audited)",
    )
    writes.add_argument("account", nargs="?")
    writes.add_argument("state", choices=["on", "off"])
    writes.add_argument("--all", action="store_true", help="every account of the workspace")
    writes.set_defaults(run=cmd_accounts_writes)

    for command in (users, keys, accounts):
        for choice in command.choices.values():
            choice.add_argument("--workspace")
    return root


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["fake-platform"]:
        from harness.platform.__main__ import main as platform_main

        platform_main(argv[1:])
        return
    args = parser().parse_args(argv)
    try:
        settings = Settings.from_env()
    except SettingsError as exc:
        sys.exit(f"configuration error: {exc}")
    try:
        args.run(settings, args)
    except Exception as exc:
        from service.errors import ApiError  # loaded already if one was raised

        if not isinstance(exc, ApiError):
            raise
        sys.exit(f"{exc.code}: {exc.message}")


if __name__ == "__main__":
    main()
