"""The parts a governed creation's statement adds for daily limits (allowed_write.py builds
the statement): each limit's window, the condition that it has room, and the account's next
number.

A window is the account's actions of the limit's types created after its start that may still
run (not rejected, expired or cancelled, nor pending past expiry), counted from
ix_actions_account_type alone. Read in the statement that writes the action, so the count and
the write share one snapshot; the number (limit_uses, one per creation under any limit of the
account) is what makes two such statements collide: both read the same newest number, both
take the next, the unique key lets one through and the other writes nothing and counts again.
"""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa

from service.actions.model import Action, LimitCap
from service.actions.policies.limits import NOT_COUNTED
from service.actions.transitions import PENDING
from storage.sql import tables as t

TICKETED = "pk_limit_uses"
"""The unique key a lost race for the account's next number runs into."""
c = t.actions.c
_lim = t.limit_uses.c


def _bind(name: str, column: Any) -> Any:
    return sa.bindparam(name, type_=column.type)


@functools.cache
def window(n: int) -> Any:
    """Limit `n`'s window as a CTE: `used` (how many count) and `oldest` (the first's creation)."""
    return (
        sa.select(sa.func.count().label("used"), sa.func.min(c.created_at).label("oldest"))
        .where(
            c.workspace_id == _bind("lim_ws", c.workspace_id),
            c.mode == _bind("lim_mode", c.mode),
            c.account_id == _bind("lim_account", c.account_id),
            c.type.in_(sa.bindparam(f"limit{n}_types", expanding=True)),
            c.created_at > _bind(f"limit{n}_since", c.created_at),
            c.status.not_in(NOT_COUNTED),
            sa.or_(c.status != PENDING, c.expires_at > _bind("lim_now", c.expires_at)),
        )
        .cte(f"window{n}")
    )


def rooms(limits: int) -> list[Any]:
    """Each limit has room for one more: fewer than its `per_day` in its window."""
    return [
        sa.select(window(n).c.used).scalar_subquery()
        < sa.bindparam(f"limit{n}_per_day", type_=sa.Integer)
        for n in range(limits)
    ]


def windows(limits: int) -> list[Any]:
    """Each limit's window as read, `used{n}` and `oldest{n}`, for the statement's answer."""
    columns = []
    for n in range(limits):
        read = window(n)
        columns.append(sa.select(read.c.used).scalar_subquery().label(f"used{n}"))
        columns.append(sa.select(read.c.oldest).scalar_subquery().label(f"oldest{n}"))
    return columns


def ticket(new_action: Any) -> Any:
    """The account's next number, one past the newest (from the top of pk_limit_uses), taken
    when the action was written."""
    newest = t.limit_uses.alias("newest_ticket")
    top = (
        sa.select(sa.func.coalesce(sa.func.max(newest.c.seq), 0))
        .where(
            newest.c.workspace_id == _bind("lim_ws", _lim.workspace_id),
            newest.c.account_id == _bind("lim_account", _lim.account_id),
        )
        .scalar_subquery()
    )
    return t.limit_uses.insert().from_select(
        ["workspace_id", "account_id", "seq", "created_at"],
        sa.select(
            _bind("lim_ws", _lim.workspace_id),
            _bind("lim_account", _lim.account_id),
            top + 1,
            _bind("lim_created_at", _lim.created_at),
        ).select_from(new_action),
    )


def values(action: Action, caps: Sequence[LimitCap]) -> dict[str, Any]:
    """The binds of `caps`' windows and the number."""
    found: dict[str, Any] = {
        "lim_ws": action.workspace_id,
        "lim_mode": action.mode,
        "lim_account": action.account_id,
        "lim_now": caps[0].now,
        "lim_created_at": action.created_at,
    }
    for n, cap in enumerate(caps):
        found |= {
            f"limit{n}_types": list(cap.types),
            f"limit{n}_since": cap.since,
            f"limit{n}_per_day": cap.per_day,
        }
    return found


def read_windows(row: Sequence[Any], first: int) -> tuple[tuple[int, dt.datetime | None], ...]:
    """`(used, oldest)` of each limit, from the statement's answer (`first`: where they start)."""
    found = row[first:]
    return tuple((int(found[n]), found[n + 1]) for n in range(0, len(found), 2))


def reached(caps: Sequence[LimitCap], read: Sequence[tuple[int, Any]]) -> bool:
    return any(used >= cap.per_day for cap, (used, _) in zip(caps, read, strict=True))
