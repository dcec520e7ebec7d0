"""Reading actions: one by id or by Idempotency-Key, many by id (the waiters), the inbox of
pending actions, the count per account, and the keyset-paged list with its filters.

Mixed into SqlActions (repos/actions/writes.py), the one actions repository. OPEN is the condition
every read of open actions repeats for SQLite's partial indexes (tables/actions.py, open_hint).
"""

from __future__ import annotations

import builtins
import datetime as dt
import functools
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa

from service.actions.model import Action
from service.actions.transitions import EXPIRED, PENDING
from storage.sql import tables as t
from storage.sql.driver.connection import Ahead, Connection
from storage.sql.driver.dialect import prefer_index
from storage.sql.driver.rows import to_model
from storage.sql.driver.statements import prebuilt

c = t.actions.c

OPEN = t.open_hint(c.status)  # beside `status = 'pending'` and the like: see open_hint
# Pending actions past their expiry, read by expiry from the inbox's index and then sorted: the
# expirer moves them within seconds, so there are few. SQLite would otherwise walk the list by
# status newest first and check every pending action's expiry to find none (10 ms at 10,000
# pending); PostgreSQL weighs the two itself.
OVERDUE_INDEX = "ix_actions_inbox"
# Hot-path statements are built once: building a Select costs ~100x its cached execution.
_ACTION = prebuilt(
    t.actions.select().where(c.workspace_id == sa.bindparam("ws"), c.id == sa.bindparam("id"))
)

# Waiters (service/actions/waiting.py) read many actions at once, by id, in any workspace.
_STATUSES = prebuilt(sa.select(c.id, c.status).where(c.id.in_(sa.bindparam("ids", expanding=True))))
_MOVED = prebuilt(  # only the rows that left a status: a thousand lookups, one or two rows back
    sa.select(c.id, c.status).where(
        c.id.in_(sa.bindparam("ids", expanding=True)), c.status != sa.bindparam("status")
    )
)
_MANY = prebuilt(t.actions.select().where(c.id.in_(sa.bindparam("ids", expanding=True))))
IN_CHUNK = 500


def _chunks(ids: Sequence[str]) -> list[list[str]]:
    unique = list(dict.fromkeys(ids))
    return [unique[i : i + IN_CHUNK] for i in range(0, len(unique), IN_CHUNK)]


_BY_KEY = prebuilt(
    t.actions.select().where(
        c.workspace_id == sa.bindparam("ws"), c.idempotency_key == sa.bindparam("key")
    )
)


@functools.cache
def _list_statement(
    status_kind: str | None, by_account: bool, by_type: bool, only: bool, paged: bool
) -> Any:
    """One statement per combination of filters; values are bound at execution."""
    query = t.actions.select().where(
        c.workspace_id == sa.bindparam("ws"), c.mode == sa.bindparam("mode")
    )
    now = sa.bindparam("now", type_=c.expires_at.type)
    if by_account:
        query = query.where(c.account_id == sa.bindparam("account"))
    if by_type:
        query = query.where(c.type == sa.bindparam("type"))
    if only:
        query = query.where(c.account_id.in_(sa.bindparam("only", expanding=True)))
    if paged:
        # A row value, not `created_at < x OR (created_at = x AND id < y)`: both databases seek
        # the (…, created_at, id) index straight to the position (tests/storage/test_keyset_plans).
        at = sa.bindparam("before_at", type_=c.created_at.type)
        query = query.where(
            sa.tuple_(c.created_at, c.id)
            < sa.tuple_(at, sa.bindparam("before_id", type_=c.id.type))
        )
    newest = (c.created_at.desc(), c.id.desc())
    limit: sa.BindParameter[int] = sa.bindparam("limit")
    if status_kind == EXPIRED:
        # Expired, or pending past its expiry: each part a page from its own index (the list by
        # status; the inbox's, by expiry), then the newest of the two pages. An OR of the two would
        # read and sort every expired action of the workspace.
        parts = [
            query.where(c.status == EXPIRED).order_by(*newest).limit(limit).subquery(),
            prefer_index(
                query.where(c.status == PENDING, OPEN, c.expires_at <= now),
                t.actions,
                OVERDUE_INDEX,
            )
            .order_by(*newest)
            .limit(limit)
            .subquery(),
        ]
        both = sa.union_all(*(sa.select(part) for part in parts)).subquery()
        return prebuilt(
            sa.select(both).order_by(both.c.created_at.desc(), both.c.id.desc()).limit(limit)
        )
    if status_kind == PENDING:
        # Pending and not yet expired: the list by status, newest first. Without statistics
        # SQLite would read every workspace's open actions by expiry and sort them.
        index = "ix_actions_account_status_list" if by_account else "ix_actions_status_list"
        query = prefer_index(
            query.where(c.status == PENDING, OPEN, c.expires_at > now), t.actions, index
        )
    elif status_kind == "exact":
        query = query.where(c.status == sa.bindparam("status"))
    return prebuilt(query.order_by(*newest).limit(limit))


def _waiting(workspace_id: str, mode: str, now: dt.datetime) -> tuple[Any, ...]:
    """What waits for a decision in one workspace's mode: pending and not yet expired (the
    inbox and its counts per account read the same rows, from the inbox's index)."""
    return (
        c.workspace_id == workspace_id,
        c.mode == mode,
        c.status == PENDING,
        OPEN,
        c.expires_at > now,
    )


class SqlActionReads:
    """SqlActions' reads (repos/actions/writes.py)."""

    conn: Connection

    async def get(self, workspace_id: str, action_id: str) -> Action | None:
        row = self.conn.take_ahead("actions", workspace_id, action_id)
        if row is Ahead.NOT_READ:
            row = (await self.conn.execute(_ACTION, {"ws": workspace_id, "id": action_id})).first()
        return to_model(Action, row) if row else None

    async def get_by_idempotency_key(self, workspace_id: str, key: str) -> Action | None:
        row = (await self.conn.execute(_BY_KEY, {"ws": workspace_id, "key": key})).first()
        return to_model(Action, row) if row else None

    async def pending_by_expiry(
        self,
        workspace_id: str,
        *,
        mode: str,
        now: dt.datetime,
        account_id: str | None = None,
        type_: str | None = None,
        limit: int = 100,
        only_accounts: Sequence[str] | None = None,
    ) -> builtins.list[Action]:
        """Pending actions not yet expired, the soonest to expire first (the inbox)."""
        query = (
            t.actions.select()
            .where(*_waiting(workspace_id, mode, now))
            .order_by(c.expires_at, c.id)
            .limit(limit)
        )
        if account_id is not None:
            query = query.where(c.account_id == account_id)
        if type_ is not None:
            query = query.where(c.type == type_)
        if only_accounts is not None:
            query = query.where(c.account_id.in_(list(only_accounts)))
        return [to_model(Action, r) for r in await self.conn.execute(query)]

    async def pending_counts(
        self,
        workspace_id: str,
        *,
        mode: str,
        now: dt.datetime,
        only_accounts: Sequence[str] | None = None,
    ) -> dict[str, int]:
        """How many actions wait for a decision, per account."""
        query = (
            sa.select(c.account_id, sa.func.count())
            .where(*_waiting(workspace_id, mode, now))
            .group_by(c.account_id)
        )
        if only_accounts is not None:
            query = query.where(c.account_id.in_(list(only_accounts)))
        return {r[0]: int(r[1]) for r in await self.conn.execute(query)}

    async def statuses(
        self, action_ids: Sequence[str], *, other_than: str | None = None
    ) -> dict[str, str]:
        found: dict[str, str] = {}
        for chunk in _chunks(action_ids):
            if other_than is None:
                rows = await self.conn.execute(_STATUSES, {"ids": chunk})
            else:
                rows = await self.conn.execute(_MOVED, {"ids": chunk, "status": other_than})
            found.update((r.id, r.status) for r in rows)
        return found

    async def get_many(self, action_ids: Sequence[str]) -> builtins.list[Action]:
        found: builtins.list[Action] = []
        for chunk in _chunks(action_ids):
            rows = await self.conn.execute(_MANY, {"ids": chunk})
            found.extend(to_model(Action, r) for r in rows)
        return found

    async def decided_between(
        self,
        workspace_id: str,
        mode: str,
        start: dt.datetime,
        end: dt.datetime,
        only_accounts: Sequence[str] | None = None,
        limit: int = 20_000,
    ) -> builtins.list[Action]:
        """A seek of ix_actions_list over the range; the undecided rows are skipped there."""
        query = (
            t.actions.select()
            .where(
                c.workspace_id == workspace_id,
                c.mode == mode,
                c.created_at >= start,
                c.created_at < end,
                c.decided_at.is_not(None),
                c.status.in_(("approved", "executing", "executed", "failed", "rejected")),
            )
            .order_by(c.created_at, c.id)
            .limit(limit)
        )
        if only_accounts is not None:
            query = query.where(c.account_id.in_(list(only_accounts)))
        return [to_model(Action, r) for r in await self.conn.execute(query)]

    async def list(
        self,
        workspace_id: str,
        *,
        mode: str,
        status: str | None = None,
        account_id: str | None = None,
        type_: str | None = None,
        only_accounts: Sequence[str] | None = None,
        before: tuple[dt.datetime, str] | None = None,
        limit: int = 25,
        now: dt.datetime | None = None,
    ) -> list[Action]:
        """Newest first, keyset-paginated on (created_at, id). Pending rows past their expiry
        count as expired, so the filter agrees with what each row shows."""
        status_kind = (
            status
            if status in (PENDING, EXPIRED) and now is not None
            else ("exact" if status is not None else None)
        )
        query = _list_statement(
            status_kind,
            account_id is not None,
            type_ is not None,
            only_accounts is not None,
            before is not None,
        )
        values = {
            "ws": workspace_id,
            "mode": mode,
            "status": status,
            "now": now,
            "account": account_id,
            "type": type_,
            "limit": limit,
            "only": list(only_accounts) if only_accounts is not None else None,
        }
        if before is not None:
            values["before_at"], values["before_id"] = before
        return [to_model(Action, r) for r in await self.conn.execute(query, values)]
