"""`countersign migrate | users | keys | accounts`: a workspace's data, administered from a shell.

Each command opens the store for itself and imports what it needs inside its own function, so
`countersign keys list` loads the storage layer and nothing of HTTP; tests/cli/test_cli_imports.py
holds that line. The arguments are declared in admin_args.py."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    import datetime as dt

    from service.keys.model import ApiKey
    from service.ports import Store
    from service.settings import Settings
    from storage.sql.store import SqlStore


T = TypeVar("T")


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
    from service.workspaces.usecases import create_workspace

    return (await create_workspace(store, SystemClock(), "My agency")).id


async def refused_in_one_line(work: Awaitable[T]) -> T:
    """A use case's refusal (`invalid_parameter`, `resource_not_found` ...) as one line on
    stderr and a non-zero exit; the use case changed nothing."""
    from service.errors.api_error import ApiError

    try:
        return await work
    except ApiError as error:
        where = f" ({error.param})" if error.param else ""
        raise SystemExit(f"{error.code}{where}: {error.message}") from None


def cmd_migrate(settings: Settings, args: argparse.Namespace) -> None:

    async def work(store: SqlStore) -> None:
        await store.migrate()
        print("database is at the latest schema")

    _run_with_store(settings, work)


def password_of(args: argparse.Namespace) -> str:
    """`--password`, else asked for: typed without echo at a terminal, else the first line of
    standard input (`… | countersign users create …`), so a password need not sit in the shell's
    history or in the process list."""
    if args.password is not None:
        return str(args.password)
    if sys.stdin.isatty():
        import getpass

        return getpass.getpass("Password (at least 10 characters): ")
    return sys.stdin.readline().rstrip("\r\n")


def cmd_users_create(settings: Settings, args: argparse.Namespace) -> None:
    from service.domain.clock import SystemClock
    from service.domain.principal import Principal
    from service.kit.passwords import Passwords
    from service.workspaces import usecases as ws

    password = password_of(args)

    async def work(store: SqlStore) -> None:
        workspace_id = await _workspace_id(store, args.workspace)
        async with store.reading() as uow:
            known = await uow.users.get_by_email(args.email.strip())
            was = None if known is None else await uow.members.get(workspace_id, known.id)
        user = await refused_in_one_line(
            ws.create_user(
                store,
                SystemClock(),
                Principal.operator(workspace_id),
                args.email,
                args.name or args.email.split("@")[0],
                password,
                args.role,
                passwords=Passwords(settings.password_hashing),
            )
        )
        before = f" (was {was.role})" if was is not None and was.role != args.role else ""
        print(f"{user.email} is {args.role} of {workspace_id}{before}")
        if args.accounts:
            await _assign(store, workspace_id, user.id, args.accounts.split(","))
        if known is not None:
            print(
                "They already had an account, so their password is unchanged "
                "(`countersign users password` sets a new one)."
            )

    _run_with_store(settings, work)


async def _assign(
    store: Store, workspace_id: str, user_id: str, accounts: list[str] | None
) -> None:
    from service.domain.clock import SystemClock
    from service.domain.principal import Principal
    from service.people.assignments import assign

    wanted = None if accounts is None else [a.strip() for a in accounts if a.strip()]
    member = await refused_in_one_line(
        assign(store, SystemClock(), Principal.operator(workspace_id), user_id, wanted)
    )
    seen = "all accounts" if member.account_ids is None else ", ".join(member.account_ids)
    note = "" if member.role == "member" else f" (as {member.role} they see all accounts anyway)"
    print(f"{member.email} is assigned to {seen}{note}")


def cmd_users_assign(settings: Settings, args: argparse.Namespace) -> None:
    async def work(store: SqlStore) -> None:
        workspace_id = await _workspace_id(store, args.workspace)
        async with store.reading() as uow:
            user = await uow.users.get_by_email(args.email.strip())
            member = None if user is None else await uow.members.get(workspace_id, user.id)
        if user is None or member is None:
            print(f"{args.email} is not a member of {workspace_id}", file=sys.stderr)
            raise SystemExit(1)
        await _assign(store, workspace_id, user.id, None if args.all else args.accounts.split(","))

    _run_with_store(settings, work)


def cmd_users_list(settings: Settings, args: argparse.Namespace) -> None:
    from service.domain.clock import SystemClock, isoformat
    from service.workspaces import members

    async def work(store: SqlStore) -> None:
        workspace_id = await _workspace_id(store, args.workspace)
        people, invited = await members.listing(store, SystemClock(), workspace_id)
        if not people and not invited:
            print(f"{workspace_id} has no members: `countersign users create EMAIL` adds one")
        for member in people:
            seen = "all" if member.sees() is None else ",".join(member.sees() or ())
            print(
                f"{member.email}  {member.role}  {member.name}  {member.user_id}  accounts={seen}"
            )
        for invite in invited:
            expires = isoformat(invite.expires_at)
            print(f"{invite.email}  {invite.role}  invited, not yet joined (until {expires})")

    _run_with_store(settings, work)


def cmd_users_password(settings: Settings, args: argparse.Namespace) -> None:
    from service.domain.clock import SystemClock
    from service.domain.principal import Principal
    from service.kit.passwords import Passwords
    from service.workspaces import members

    password = password_of(args)

    async def work(store: SqlStore) -> None:
        workspace_id = await _workspace_id(store, args.workspace)
        user, ended = await refused_in_one_line(
            members.set_password(
                store,
                SystemClock(),
                Principal.operator(workspace_id),
                args.email,
                password,
                passwords=Passwords(settings.password_hashing),
            )
        )
        signed_out = f"; {ended} dashboard session(s) ended" if ended else ""
        print(f"{user.email} has a new password{signed_out}")

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
    from service.domain.principal import Principal
    from service.keys import usecases as keys

    args.mode_given = args.mode is not None
    args.mode = args.mode or "test"

    async def work(store: SqlStore) -> None:
        workspace_id = await _workspace_id(store, args.workspace)
        key, secret = await refused_in_one_line(
            keys.create_key(
                store,
                SystemClock(),
                Principal.operator(workspace_id),
                name=args.name,
                scopes=args.scopes.split(","),
                mode=args.mode,
                account_ids=args.accounts.split(",") if args.accounts else None,
                expires_at=_expiry(args.expires_in_days),
            )
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
        if not keys:
            print(
                f"{workspace_id} has no API keys: `countersign keys create --name NAME` makes one"
            )
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
    from service.domain.principal import Principal
    from service.keys import usecases as keys

    async def work(store: SqlStore) -> None:
        workspace_id = await _workspace_id(store, args.workspace)
        key = await refused_in_one_line(
            keys.revoke_key(store, SystemClock(), Principal.operator(workspace_id), args.key_id)
        )
        print(f"{key.id} revoked")

    _run_with_store(settings, work)


def cmd_keys_roll(settings: Settings, args: argparse.Namespace) -> None:
    from service.domain.clock import SystemClock
    from service.domain.principal import Principal
    from service.keys import usecases as keys

    async def work(store: SqlStore) -> None:
        workspace_id = await _workspace_id(store, args.workspace)
        key, secret = await refused_in_one_line(
            keys.roll_key(store, SystemClock(), Principal.operator(workspace_id), args.key_id)
        )
        print(f"{args.key_id} stopped working; its replacement is {key.id}:\n{secret}")

    _run_with_store(settings, work)


def cmd_accounts_list(settings: Settings, args: argparse.Namespace) -> None:
    async def work(store: SqlStore) -> None:
        workspace_id = await _workspace_id(store, args.workspace)
        async with store.reading() as uow:
            accounts = await uow.accounts.list(workspace_id, limit=10_000)
        if not accounts:
            print(
                f"{workspace_id} has no linked accounts: a creator links one through a hosted link"
            )
        for a in accounts:
            print(
                f"{a.id}  @{a.username}  {a.mode}  {a.status}  "
                f"writes={'on' if a.writes_enabled else 'off'}"
            )

    _run_with_store(settings, work)


def cmd_accounts_writes(settings: Settings, args: argparse.Namespace) -> None:
    """The same audited use case as the dashboard's switch; `--all` is the kill switch."""
    from service.accounts import usecases as account_cases
    from service.domain.clock import SystemClock
    from service.domain.principal import Principal
    from service.errors.api_error import ApiError

    if (args.account is None) == (not args.all):
        sys.exit("name one account, or pass --all for every account of the workspace")

    async def work(store: SqlStore) -> None:
        workspace_id = await _workspace_id(store, args.workspace)
        who, enabled = Principal.operator(workspace_id), args.state == "on"
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
