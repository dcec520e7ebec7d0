"""An account's actions counted per UTC day by the database: one GROUP BY over the rows that
ix_actions_account_list finds (workspace, mode, account, created_at range), never rows loaded into
Python. Each dialect names the day and the median its own way: PostgreSQL's percentile_cont,
and on SQLite (which has no percentile function) the middle rows by row_number()."""

from __future__ import annotations

import functools
from typing import Any

import sqlalchemy as sa

from service.actions.policies.activity_day import DECIDED, RAN_OR_WILL
from storage.sql import tables as t

c = t.actions.c

_DAY = {
    # created_at is integer microseconds on SQLite (UtcMicros), timestamptz on PostgreSQL.
    "sqlite": "date(actions.created_at / 1000000, 'unixepoch')",
    "postgresql": "to_char(actions.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')",
}
_SECONDS = {
    "sqlite": "(actions.decided_at - actions.created_at) / 1000000.0",
    "postgresql": "extract(epoch FROM actions.decided_at - actions.created_at)",
}


def _literals(statuses: tuple[str, ...]) -> list[sa.ColumnElement[Any]]:
    return [sa.literal_column(f"'{s}'") for s in statuses]


def _count(condition: sa.ColumnElement[bool]) -> sa.ColumnElement[int]:
    return sa.func.coalesce(sa.func.sum(sa.case((condition, 1), else_=0)), 0)


def _range() -> sa.ColumnElement[bool]:
    return sa.and_(
        c.workspace_id == sa.bindparam("ws"),
        c.mode == sa.bindparam("mode"),
        c.account_id == sa.bindparam("account"),
        c.created_at >= sa.bindparam("start", type_=c.created_at.type),
        c.created_at < sa.bindparam("end", type_=c.created_at.type),
    )


@functools.cache
def statements(dialect: str) -> tuple[sa.Select[Any], sa.Select[Any] | None]:
    """The counts per day and, where they are not in the same statement (SQLite), the median
    per day. Built on first use per dialect, like action_repos._insert_new."""
    day: sa.ColumnElement[str] = sa.literal_column(_DAY[dialect])
    seconds: sa.ColumnElement[float] = sa.literal_column(_SECONDS[dialect])
    now = sa.bindparam("now", type_=c.expires_at.type)
    ran = c.status.in_(_literals(RAN_OR_WILL))
    decided = c.status.in_(_literals(DECIDED))
    columns: list[sa.ColumnElement[Any]] = [
        day.label("day"),
        sa.func.count().label("created"),
        _count(sa.and_(ran, c.approvals_required > 0)).label("approved_by_person"),
        _count(sa.and_(ran, c.approvals_required == 0)).label("approved_by_allowance"),
        _count(c.status == sa.literal_column("'rejected'")).label("rejected"),
        _count(
            sa.or_(
                c.status == sa.literal_column("'expired'"),
                sa.and_(c.status == sa.literal_column("'pending'"), c.expires_at <= now),
            )
        ).label("expired"),
        _count(c.status == sa.literal_column("'cancelled'")).label("cancelled"),
        _count(c.status == sa.literal_column("'failed'")).label("failed"),
        _count(sa.and_(c.status == sa.literal_column("'pending'"), c.expires_at > now)).label(
            "pending"
        ),
    ]
    if dialect == "postgresql":
        median = sa.func.percentile_cont(0.5).within_group(seconds).filter(decided)
        columns.append(median.label("median"))
    counts = sa.select(*columns).where(_range()).group_by(day).order_by(day)
    if dialect == "postgresql":
        return counts, None
    times = (
        sa.select(day.label("day"), seconds.label("seconds"))
        .where(_range(), decided, c.decided_at.is_not(None))
        .cte("times")
    )
    ranked = sa.select(
        times.c.day,
        times.c.seconds,
        sa.func.row_number().over(partition_by=times.c.day, order_by=times.c.seconds).label("n"),
        sa.func.count().over(partition_by=times.c.day).label("total"),
    ).cte("ranked")
    middle = sa.or_(
        ranked.c.n == sa.literal_column("(ranked.total + 1) / 2"),
        ranked.c.n == sa.literal_column("(ranked.total + 2) / 2"),
    )
    median_sqlite = (
        sa.select(ranked.c.day, sa.func.avg(ranked.c.seconds).label("median"))
        .where(middle)
        .group_by(ranked.c.day)
    )
    return counts, median_sqlite
