"""Workspaces, the people in them, and their API keys."""

from __future__ import annotations

import builtins
import datetime as dt
import functools
from collections.abc import Callable, Sequence
from typing import Any

import sqlalchemy as sa
from attrs import frozen

from service.keys.model import ApiKey
from service.keys.repository import ReadAlong
from service.workspaces.model import Member, User, Workspace
from storage.sql import tables as t
from storage.sql.account_repos import with_rules_and_limits
from storage.sql.connection import Connection
from storage.sql.result import Row, row_class
from storage.sql.rows import to_model, to_row
from storage.sql.statements import prebuilt

# On the create path (the workspace's default approval rules): built once, not per call.
_WORKSPACE = prebuilt(t.workspaces.select().where(t.workspaces.c.id == sa.bindparam("id")))


class SqlWorkspaces:
    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    async def add(self, workspace: Workspace) -> None:
        await self.conn.execute(t.workspaces.insert().values(to_row(workspace)))

    async def get(self, workspace_id: str) -> Workspace | None:
        row = (await self.conn.execute(_WORKSPACE, {"id": workspace_id})).first()
        return to_model(Workspace, row) if row else None

    async def list(self) -> list[Workspace]:
        rows = await self.conn.execute(t.workspaces.select().order_by(t.workspaces.c.created_at))
        return [to_model(Workspace, r) for r in rows]

    async def lock(self, workspace_id: str) -> None:
        await self.conn.execute(
            sa.select(t.workspaces.c.id).where(t.workspaces.c.id == workspace_id).with_for_update()
        )

    async def set_policy(self, workspace_id: str, policy: Any) -> None:
        await self.conn.execute(
            t.workspaces.update()
            .where(t.workspaces.c.id == workspace_id)
            .values(policy=list(policy) if policy is not None else None)
        )


class SqlUsers:
    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    async def add(self, user: User) -> None:
        await self.conn.execute(t.users.insert().values(to_row(user)))

    async def get(self, user_id: str) -> User | None:
        row = (await self.conn.execute(t.users.select().where(t.users.c.id == user_id))).first()
        return to_model(User, row) if row else None

    async def get_by_email(self, email: str) -> User | None:
        query = t.users.select().where(sa.func.lower(t.users.c.email) == email.lower())
        row = (await self.conn.execute(query)).first()
        return to_model(User, row) if row else None

    async def set_password_hash(self, user_id: str, password_hash: str) -> None:
        await self.conn.execute(
            t.users.update().where(t.users.c.id == user_id).values(password_hash=password_hash)
        )


class SqlMembers:
    """A unit's members. A workspace's list is read once per unit and kept until this unit
    writes a member: the dispatcher asks whom to tell for every new action of a batch (the
    routing record, then the mails), all in one transaction."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        self._lists: dict[str, builtins.list[Member]] = {}

    def _select(self) -> sa.Select[Any]:
        return sa.select(t.members, t.users.c.email, t.users.c.name).join(
            t.users, t.users.c.id == t.members.c.user_id
        )

    async def add(self, member: Member) -> None:
        self._lists.clear()
        await self.conn.execute(
            t.members.insert().values(
                workspace_id=member.workspace_id,
                user_id=member.user_id,
                role=member.role,
                account_ids=None if member.account_ids is None else list(member.account_ids),
                shift=member.shift,
                schedule=member.schedule,
            )
        )

    async def assign(
        self, workspace_id: str, user_id: str, account_ids: Sequence[str] | None
    ) -> None:
        self._lists.clear()
        await self.conn.execute(
            t.members.update()
            .where(t.members.c.workspace_id == workspace_id, t.members.c.user_id == user_id)
            .values(account_ids=None if account_ids is None else builtins.list(account_ids))
        )

    async def set_shift(
        self, workspace_id: str, user_id: str, shift: str, schedule: dict[str, Any] | None
    ) -> None:
        self._lists.clear()
        await self.conn.execute(
            t.members.update()
            .where(t.members.c.workspace_id == workspace_id, t.members.c.user_id == user_id)
            .values(shift=shift, schedule=schedule)
        )

    async def get(self, workspace_id: str, user_id: str) -> Member | None:
        query = self._select().where(
            t.members.c.workspace_id == workspace_id, t.members.c.user_id == user_id
        )
        row = (await self.conn.execute(query)).first()
        return to_model(Member, row) if row else None

    async def list(self, workspace_id: str) -> list[Member]:
        if workspace_id not in self._lists:
            query = (
                self._select()
                .where(t.members.c.workspace_id == workspace_id)
                .order_by(t.users.c.email)
            )
            self._lists[workspace_id] = [
                to_model(Member, r) for r in await self.conn.execute(query)
            ]
        return list(self._lists[workspace_id])

    async def workspaces_of(self, user_id: str) -> builtins.list[Member]:
        query = self._select().where(t.members.c.user_id == user_id)
        return [to_model(Member, r) for r in await self.conn.execute(query)]

    async def set_role(self, workspace_id: str, user_id: str, role: str) -> None:
        self._lists.clear()
        await self.conn.execute(
            t.members.update()
            .where(
                t.members.c.workspace_id == workspace_id,
                t.members.c.user_id == user_id,
            )
            .values(role=role)
        )

    async def remove(self, workspace_id: str, user_id: str) -> None:
        self._lists.clear()
        await self.conn.execute(
            t.members.delete().where(
                t.members.c.workspace_id == workspace_id, t.members.c.user_id == user_id
            )
        )

    async def count_owners(self, workspace_id: str) -> int:
        query = (
            sa.select(sa.func.count())
            .select_from(t.members)
            .where(t.members.c.workspace_id == workspace_id, t.members.c.role == "owner")
        )
        return int((await self.conn.execute(query)).scalar_one())


# Hot-path statements are built once: building a Select costs ~100x its cached execution.
_KEY_BY_HASH = prebuilt(t.api_keys.select().where(t.api_keys.c.secret_hash == sa.bindparam("hash")))
_TOUCH = prebuilt(
    t.api_keys.update()
    .where(t.api_keys.c.id == sa.bindparam("key_id"))
    .values(last_used_at=sa.bindparam("at", type_=t.api_keys.c.last_used_at.type))
)


ALONG = "along_"
"""The label prefix of the columns read along with a key."""
FAN = "fan_along_"
"""The label prefix of a creation's fan, read along with its account."""
_KEY_COLUMNS = len(t.api_keys.c)
Joins = Callable[[sa.FromClause], tuple[sa.FromClause, list[sa.ColumnElement[Any]]]]


def _key_and(table: sa.Table, more: Joins | None = None, *, fan: bool = False) -> sa.Select[Any]:
    """The key by its hash and, in the same statement, one row of its workspace by id, with
    what `more` joins onto it (NULLs when there is no such row); with `fan`, also that
    account's fan by id (the row is an account's)."""
    joined: sa.FromClause = t.api_keys.outerjoin(
        table,
        sa.and_(
            table.c.workspace_id == t.api_keys.c.workspace_id,
            table.c.id == sa.bindparam("along"),
        ),
    )
    extra: list[sa.ColumnElement[Any]] = []
    if more is not None:
        joined, extra = more(joined)
    along = [*table.c, *extra]
    fans: list[sa.ColumnElement[Any]] = []
    if fan:
        joined = joined.outerjoin(
            t.fans,
            sa.and_(
                t.fans.c.workspace_id == t.api_keys.c.workspace_id,
                t.fans.c.account_id == sa.bindparam("along"),
                t.fans.c.id == sa.bindparam("fan"),
            ),
        )
        fans = [column.label(FAN + column.name) for column in t.fans.c]
    return prebuilt(
        sa.select(*t.api_keys.c, *(column.label(ALONG + column.name) for column in along), *fans)
        .select_from(joined)
        .where(t.api_keys.c.secret_hash == sa.bindparam("hash"))
    )


_KEY_AND = {
    ("actions", False): _key_and(t.actions),
    # A creation's first reads: the account with its rules and limits (account_repos.py), and
    # the fan its params name when they name one.
    ("accounts_for_create", False): _key_and(t.accounts, with_rules_and_limits),
    ("accounts_for_create", True): _key_and(t.accounts, with_rules_and_limits, fan=True),
}


@frozen
class _Parts:
    """Where a joined row's parts are: the key's columns, the row read along (under its own
    names) and its id, and the fan's when one was read."""

    key: type[Row]
    along: type[Row]
    along_end: int
    id_at: int
    fan: type[Row] | None


@functools.cache
def _parts(names: tuple[str, ...]) -> _Parts:
    along_end = next((i for i, name in enumerate(names) if name.startswith(FAN)), len(names))
    along = tuple(name.removeprefix(ALONG) for name in names[_KEY_COLUMNS:along_end])
    fan = tuple(name.removeprefix(FAN) for name in names[along_end:])
    return _Parts(
        row_class(names[:_KEY_COLUMNS]),
        row_class(along),
        along_end,
        along.index("id"),
        row_class(fan) if fan else None,
    )


def _key(row: Row) -> ApiKey:
    ids = row.account_ids
    return to_model(
        ApiKey, row, scopes=tuple(row.scopes), account_ids=tuple(ids) if ids is not None else None
    )


class SqlApiKeys:
    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    async def add(self, key: ApiKey) -> None:
        await self.conn.execute(t.api_keys.insert().values(to_row(key)))

    async def get(self, workspace_id: str, key_id: str) -> ApiKey | None:
        row = (
            await self.conn.execute(
                t.api_keys.select().where(
                    t.api_keys.c.workspace_id == workspace_id, t.api_keys.c.id == key_id
                )
            )
        ).first()
        return _key(row) if row else None

    async def get_by_hash(self, secret_hash: str, along: ReadAlong | None = None) -> ApiKey | None:
        if along is None:
            row = (await self.conn.execute(_KEY_BY_HASH, {"hash": secret_hash})).first()
            return _key(row) if row else None
        values = {"hash": secret_hash, "along": along.id, "fan": along.fan_id}
        statement = _KEY_AND[along.table, along.fan_id is not None]
        row = (await self.conn.execute(statement, values)).first()
        if row is None:
            return None
        parts = _parts(row._names)
        key = _key(parts.key(row[:_KEY_COLUMNS]))
        other = parts.along(row[_KEY_COLUMNS : parts.along_end])
        found = other[parts.id_at] is not None
        ahead = self.conn.ahead
        ahead[along.table, key.workspace_id, along.id] = other if found else None
        if parts.fan is not None and along.fan_id is not None and found:
            fan = parts.fan(row[parts.along_end :])
            ahead["fans", key.workspace_id, along.id, along.fan_id] = (
                fan if fan.id is not None else None
            )
        return key

    async def list(self, workspace_id: str) -> list[ApiKey]:
        rows = await self.conn.execute(
            t.api_keys.select()
            .where(t.api_keys.c.workspace_id == workspace_id)
            .order_by(t.api_keys.c.created_at)
        )
        return [_key(r) for r in rows]

    async def revoke(self, workspace_id: str, key_id: str, at: dt.datetime) -> ApiKey | None:
        rows = await self.conn.execute(
            t.api_keys.update()
            .where(
                t.api_keys.c.workspace_id == workspace_id,
                t.api_keys.c.id == key_id,
                t.api_keys.c.revoked_at.is_(None),
            )
            .values(revoked_at=at)
            .returning(*t.api_keys.c)
        )
        row = rows.first()
        return _key(row) if row else None

    async def touch(self, key_id: str, at: dt.datetime) -> None:
        await self.conn.execute(_TOUCH, {"key_id": key_id, "at": at})
