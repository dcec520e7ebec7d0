"""The record autonomy is earned from (service/actions/policies/record.py): a shadow allowance's uses
and days from ix_actions_shadow, an account's outcomes per type and day from
ix_actions_account_list alone (by price too), and an allowance's last finished actions by its numbered uses."""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa

from service.actions.model import Action
from service.actions.policies.activity_day import RAN_OR_WILL
from service.actions.policies.record import ShadowDay, TypeDay, TypePrice
from storage.sql import tables as t
from storage.sql.driver.connection import Connection
from storage.sql.driver.dialect import day_of
from storage.sql.driver.rows import to_model

c = t.actions.c
_uses = t.allowance_uses.c


def _is(status: str) -> sa.ColumnElement[bool]:
    return c.status == sa.literal_column(f"'{status}'")


def _count(condition: sa.ColumnElement[bool]) -> sa.ColumnElement[int]:
    """COUNT(*) FILTER: a quarter of SUM(CASE …)'s time on PostgreSQL (SQLite has it since 3.30)."""
    return sa.func.count().filter(condition)


_DAY = day_of(c.created_at)


def _account_range() -> list[sa.ColumnElement[bool]]:
    return [
        c.workspace_id == sa.bindparam("ws"),
        c.mode == sa.bindparam("mode"),
        c.account_id == sa.bindparam("account"),
        c.created_at >= sa.bindparam("start", type_=c.created_at.type),
        c.created_at < sa.bindparam("end", type_=c.created_at.type),
    ]


_RAN = c.status.in_([sa.literal_column(f"'{s}'") for s in RAN_OR_WILL])
_EDITED = c.edited_at.is_not(None)
_SHADOWED = c.shadow_key.is_not(None)

# Counted within the index: at most `cap` entries are read, whatever the day held.
_SHADOW_USED = sa.select(sa.func.count()).select_from(
    sa.select(sa.literal_column("1"))
    .where(
        c.workspace_id == sa.bindparam("ws"),
        c.mode == sa.bindparam("mode"),
        c.account_id == sa.bindparam("account"),
        c.shadow_key == sa.bindparam("key"),
        c.created_at > sa.bindparam("since", type_=c.created_at.type),
    )
    .limit(sa.bindparam("cap", type_=sa.Integer))
    .subquery()
)

_LET_THROUGH = (
    sa.select(t.actions)
    .where(*_account_range(), _SHADOWED, sa.or_(_is("rejected"), _EDITED))
    .order_by(c.created_at.desc(), c.id.desc())
    .limit(sa.bindparam("limit", type_=sa.Integer))
)

_ALLOWANCE_OUTCOMES = (
    sa.select(t.actions)
    .select_from(t.allowance_uses.join(t.actions, t.actions.c.id == _uses.action_id))
    .where(
        _uses.workspace_id == sa.bindparam("ws"),
        _uses.account_id == sa.bindparam("account"),
        _uses.allowance == sa.bindparam("key"),
        c.status.in_([sa.literal_column("'executed'"), sa.literal_column("'failed'")]),
    )
    .order_by(_uses.seq.desc())
    .limit(sa.bindparam("last", type_=sa.Integer))
)


_DECIDED_BY_PEOPLE = (
    sa.select(t.actions)
    .where(
        c.workspace_id == sa.bindparam("ws"),
        c.mode == sa.bindparam("mode"),
        c.account_id == sa.bindparam("account"),
        c.type.in_(sa.bindparam("types", expanding=True)),
        c.approvals_required > 0,
        sa.or_(_RAN, _is("rejected")),
    )
    .order_by(c.created_at.desc(), c.id.desc())
    .limit(sa.bindparam("scan", type_=sa.Integer))
)


@functools.cache
def _shadow_days() -> sa.Select[Any]:
    day = _DAY
    return (
        sa.select(
            c.shadow_key.label("key"),
            day.label("day"),
            sa.func.count().label("would_approve"),
            _count(sa.and_(_RAN, ~_EDITED)).label("approved_as_is"),
            _count(sa.and_(_RAN, _EDITED)).label("edited"),
            _count(_is("rejected")).label("rejected"),
            _count(_is("expired")).label("expired"),
            _count(_is("cancelled")).label("cancelled"),
            _count(_is("pending")).label("pending"),
        )
        .where(*_account_range(), _SHADOWED)
        .group_by(c.shadow_key, day)
        .order_by(c.shadow_key, day)
    )


@functools.cache
def _type_days() -> sa.Select[Any]:
    day = _DAY
    by_person = c.approvals_required > 0
    return (
        sa.select(
            c.type.label("type"),
            day.label("day"),
            sa.func.count().label("created"),
            _count(sa.and_(_RAN, by_person, ~_EDITED)).label("approved_unedited"),
            _count(sa.and_(by_person, _EDITED, sa.or_(_RAN, _is("rejected")))).label("edited"),
            _count(_is("rejected")).label("rejected"),
            _count(_is("expired")).label("expired"),
            _count(sa.and_(_RAN, c.approvals_required == 0)).label("by_allowance"),
            _count(_is("failed")).label("failed"),
        )
        .where(*_account_range())
        .group_by(c.type, day)
    )


_BY_PERSON = c.approvals_required > 0
_TYPE_PRICES = (
    sa.select(
        c.type.label("type"),
        c.price_cents.label("price_cents"),
        _count(sa.and_(_RAN, _BY_PERSON, ~_EDITED)).label("approved_unedited"),
        _count(
            sa.or_(_is("rejected"), sa.and_(_BY_PERSON, _EDITED, _RAN)),
        ).label("turned_down"),
    )
    .where(*_account_range(), c.price_cents.is_not(None))
    .group_by(c.type, c.price_cents)
)


class SqlRecord:
    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    async def shadow_used(
        self,
        workspace_id: str,
        mode: str,
        account_id: str,
        key: str,
        since: dt.datetime,
        cap: int,
    ) -> int:
        values = {
            "ws": workspace_id,
            "mode": mode,
            "account": account_id,
            "key": key,
            "since": since,
            "cap": cap,
        }
        return int((await self.conn.execute(_SHADOW_USED, values)).scalar_one())

    async def shadow_days(
        self, workspace_id: str, mode: str, account_id: str, start: dt.datetime, end: dt.datetime
    ) -> Sequence[ShadowDay]:
        values = _range_values(workspace_id, mode, account_id, start, end)
        rows = (await self.conn.execute(_shadow_days(), values)).all()
        return [
            ShadowDay(
                key=r.key,
                day=r.day,
                **{name: int(r._mapping[name]) for name in _SHADOW_COUNTS},
            )
            for r in rows
        ]

    async def shadow_let_through(
        self,
        workspace_id: str,
        mode: str,
        account_id: str,
        start: dt.datetime,
        end: dt.datetime,
        limit: int,
    ) -> Sequence[Action]:
        values = {**_range_values(workspace_id, mode, account_id, start, end), "limit": limit}
        rows = (await self.conn.execute(_LET_THROUGH, values)).all()
        return [to_model(Action, r) for r in rows]

    async def type_days(
        self, workspace_id: str, mode: str, account_id: str, start: dt.datetime, end: dt.datetime
    ) -> Sequence[TypeDay]:
        values = _range_values(workspace_id, mode, account_id, start, end)
        rows = (await self.conn.execute(_type_days(), values)).all()
        return [
            TypeDay(
                type=r.type,
                day=r.day,
                **{name: int(r._mapping[name]) for name in _TYPE_COUNTS},
            )
            for r in rows
        ]

    async def type_prices(
        self, workspace_id: str, mode: str, account_id: str, start: dt.datetime, end: dt.datetime
    ) -> Sequence[TypePrice]:
        values = _range_values(workspace_id, mode, account_id, start, end)
        rows = (await self.conn.execute(_TYPE_PRICES, values)).all()
        return [
            TypePrice(r.type, int(r.price_cents), int(r.approved_unedited), int(r.turned_down))
            for r in rows
            if r.approved_unedited or r.turned_down
        ]

    async def allowance_outcomes(
        self, workspace_id: str, account_id: str, key: str, last: int
    ) -> Sequence[Action]:
        values = {"ws": workspace_id, "account": account_id, "key": key, "last": last}
        rows = (await self.conn.execute(_ALLOWANCE_OUTCOMES, values)).all()
        return [to_model(Action, r) for r in rows]

    async def uncovered_decisions(
        self,
        workspace_id: str,
        mode: str,
        account_id: str,
        types: Sequence[str],
        warning: str,
        last: int,
    ) -> Sequence[Action]:
        values = {
            "ws": workspace_id,
            "mode": mode,
            "account": account_id,
            "types": list(types),
            "scan": last * 10,
        }
        rows = (await self.conn.execute(_DECIDED_BY_PEOPLE, values)).all()
        found = [to_model(Action, r) for r in rows]
        warned = [a for a in found if any(w.get("code") == warning for w in a.warnings)]
        return warned[:last]


_SHADOW_COUNTS = (
    "would_approve",
    "approved_as_is",
    "edited",
    "rejected",
    "expired",
    "cancelled",
    "pending",
)
_TYPE_COUNTS = (
    "created",
    "approved_unedited",
    "edited",
    "rejected",
    "expired",
    "by_allowance",
    "failed",
)


def _range_values(
    workspace_id: str, mode: str, account_id: str, start: dt.datetime, end: dt.datetime
) -> dict[str, Any]:
    return {"ws": workspace_id, "mode": mode, "account": account_id, "start": start, "end": end}
