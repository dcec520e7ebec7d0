"""An account's actions counted per UTC day by the database: one GROUP BY over the rows that
ix_actions_account_list finds (workspace, mode, account, created_at range), never rows loaded into
Python. The day and the wait are the driver's `day_of` and `seconds_between`; the median wait is
the middle rows by row_number(), which both databases run (SQLite has no percentile function)."""

from __future__ import annotations

import functools
from typing import Any

import sqlalchemy as sa

from service.actions.policies.activity_day import DECIDED, RAN_OR_WILL
from storage.sql import tables as t
from storage.sql.driver.dialect import day_of, seconds_between

c = t.actions.c


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
def statements() -> tuple[sa.Select[Any], sa.Select[Any]]:
    """The counts per day, and the median wait to a decision per day. Built on first use."""
    day = day_of(c.created_at)
    seconds = seconds_between(c.decided_at, c.created_at)
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
    counts = sa.select(*columns).where(_range()).group_by(day).order_by(day)
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
    medians = (
        sa.select(ranked.c.day, sa.func.avg(ranked.c.seconds).label("median"))
        .where(middle)
        .group_by(ranked.c.day)
    )
    return counts, medians
