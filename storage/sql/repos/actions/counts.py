"""What is counted over an account's actions: an allowance's uses and a daily limit's window
(governance checks them before an action is created), and the activity chart's days.

Mixed into SqlActions (repos/actions/writes.py), the one actions repository.
"""

from __future__ import annotations

import builtins
import datetime as dt
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa

from service.actions.policies.activity_day import COUNTS, ActivityDay
from service.actions.policies.limits import NOT_COUNTED
from service.actions.policies.policy_rule import MAX_PER_DAY
from service.actions.transitions import PENDING
from storage.sql import tables as t
from storage.sql.driver.connection import Connection
from storage.sql.driver.statements import prebuilt
from storage.sql.repos.actions.activity import statements as activity_statements

c = t.actions.c

_uses = t.allowance_uses.c
_newest_use = (
    sa.select(sa.func.coalesce(sa.func.max(_uses.seq), 0))
    .where(
        _uses.workspace_id == sa.bindparam("ws"),
        _uses.account_id == sa.bindparam("account"),
        _uses.allowance == sa.bindparam("allowance"),
    )
    .scalar_subquery()
)
# The last `span` uses by number, from ix_allowance_uses_seq, counted when inside the window.
_ALLOWANCE_USED = prebuilt(
    sa.select(sa.func.count())
    .select_from(t.allowance_uses)
    .where(
        _uses.workspace_id == sa.bindparam("ws"),
        _uses.account_id == sa.bindparam("account"),
        _uses.allowance == sa.bindparam("allowance"),
        _uses.seq > _newest_use - sa.bindparam("span", type_=sa.Integer),
        _uses.created_at > sa.bindparam("since", type_=_uses.created_at.type),
    )
)
# ix_actions_account_list narrows to the account's last day; the rest filters those rows.
_LIMIT_WINDOW = prebuilt(
    sa.select(sa.func.count(), sa.func.min(c.created_at)).where(
        c.workspace_id == sa.bindparam("ws"),
        c.mode == sa.bindparam("mode"),
        c.account_id == sa.bindparam("account"),
        c.created_at > sa.bindparam("since", type_=c.created_at.type),
        c.type.in_(sa.bindparam("types", expanding=True)),
        c.status.not_in(NOT_COUNTED),
        sa.or_(c.status != PENDING, c.expires_at > sa.bindparam("now", type_=c.expires_at.type)),
    )
)


class SqlActionCounts:
    """SqlActions' counts (repos/actions/writes.py)."""

    conn: Connection

    async def allowance_used(
        self,
        workspace_id: str,
        account_id: str,
        allowance: str,
        since: dt.datetime,
        per_day: int,
    ) -> int:
        """The uses after `since`, read among the last `per_day` + 1 numbers: while the
        oldest of those is outside the window, so is every older use (numbers follow time).
        All of them inside means `maxPerDay` was lowered since: counted again among the last
        MAX_PER_DAY, which hold every use of any day (each use was written only while its
        day held fewer than the `maxPerDay` of the time)."""
        values = {
            "ws": workspace_id,
            "account": account_id,
            "allowance": allowance,
            "since": since,
            "span": per_day + 1,
        }
        used = int((await self.conn.execute(_ALLOWANCE_USED, values)).scalar_one())
        if used > per_day:
            values["span"] = MAX_PER_DAY
            used = int((await self.conn.execute(_ALLOWANCE_USED, values)).scalar_one())
        return used

    async def limit_window(
        self,
        workspace_id: str,
        mode: str,
        account_id: str,
        types: Sequence[str],
        since: dt.datetime,
        now: dt.datetime,
    ) -> tuple[int, dt.datetime | None]:
        values = {
            "ws": workspace_id,
            "mode": mode,
            "account": account_id,
            "since": since,
            "types": list(types),
            "now": now,
        }
        row = (await self.conn.execute(_LIMIT_WINDOW, values)).one()
        return int(row[0]), row[1]  # min() keeps the column's type: a datetime

    async def activity(
        self,
        workspace_id: str,
        mode: str,
        account_id: str,
        start: dt.datetime,
        end: dt.datetime,
        now: dt.datetime,
    ) -> builtins.list[ActivityDay]:
        counts, medians = activity_statements()
        values = {
            "ws": workspace_id,
            "mode": mode,
            "account": account_id,
            "start": start,
            "end": end,
            "now": now,
        }
        rows = [r._mapping for r in (await self.conn.execute(counts, values)).all()]
        median: dict[dt.date, Any] = {
            found.day: found.median for found in (await self.conn.execute(medians, values)).all()
        }
        return [
            ActivityDay(
                day=r["day"],
                **{name: int(r[name]) for name in COUNTS},
                median_decision_seconds=_seconds(median.get(r["day"])),
            )
            for r in rows
        ]


def _seconds(value: Any) -> float | None:
    """Milliseconds are enough for a median wait (an average on PostgreSQL is a numeric)."""
    return None if value is None else round(float(value), 3)
