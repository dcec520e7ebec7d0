"""The parts a governed creation's statement adds for daily limits (allowed_write.py builds
the statement): each limit's window, the condition that it has room, and the account's next
number.

A window is the account's actions of the limit's types created after its start that may still
run (not rejected, expired or cancelled, nor pending past expiry), counted from
ix_actions_account_type alone. The number (limit_uses, one per creation under any limit of the
account) is what makes two writing statements collide: both read the same newest number, both
take the next, the unique key lets one through and the other writes nothing and counts again.

Most writes do not count the window: the statement first bounds it from what this process
counted last (limit_bases.py), reading only the numbers and the actions of the limit's types
taken since, and counts the window in its own snapshot only when that bound is not under
`perDay`. So a limit is never passed and never refuses an action it has room for.
"""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from attrs import frozen

from service.actions.model import Action, LimitCap
from service.actions.policies.limits import NOT_COUNTED
from service.actions.transitions import PENDING
from storage.sql import tables as t
from storage.sql.repos.actions.limit_bases import Base

TICKETED = "pk_limit_uses"
"""The unique key a lost race for the account's next number runs into."""
c = t.actions.c
_lim = t.limit_uses.c


UNTIL = dt.datetime(9999, 12, 31, tzinfo=dt.UTC)
"""Where every range of creation times here ends: later than any action, so it changes no
count. PostgreSQL prices a range between two binds as narrow, and one open above as a third of
the table; the statement is prepared, and with a day's actions in a window the generic plan,
priced with open ranges, cost more than a plan made for each call's values, so every call was
planned again (half a millisecond, as long as the rest of the statement took)."""


def _bind(name: str, column: Any) -> Any:
    return sa.bindparam(name, type_=column.type)


def _created_from(bound: Any) -> tuple[Any, Any]:
    """Created at or after `bound`'s condition (`c.created_at >= …` or `> …`), closed above at
    UNTIL."""
    return bound, c.created_at <= _bind("lim_until", c.created_at)


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
            *_created_from(c.created_at > _bind(f"limit{n}_since", c.created_at)),
            # Named and given with the values: a list written into the statement would send
            # every call through SQLAlchemy's expansion (statements.py keeps the expanded SQL
            # only for lists the caller gives).
            c.status.not_in(sa.bindparam("lim_not_counted", expanding=True)),
            sa.or_(c.status != PENDING, c.expires_at > _bind("lim_now", c.expires_at)),
        )
        .cte(f"window{n}")
    )


@functools.cache
def _newest() -> Any:
    """The account's newest number (0: none yet), from the top of pk_limit_uses: a CTE, read
    once however many parts of the statement use it."""
    newest = t.limit_uses.alias("newest_ticket")
    return (
        sa.select(sa.func.coalesce(sa.func.max(newest.c.seq), 0).label("seq"))
        .where(
            newest.c.workspace_id == _bind("lim_ws", _lim.workspace_id),
            newest.c.account_id == _bind("lim_account", _lim.account_id),
        )
        .cte("newest_number")
    )


def _newest_number() -> Any:
    return sa.select(_newest().c.seq).scalar_subquery()


@functools.cache
def bound(n: int) -> Any:
    """The most limit `n`'s window can hold now, as a CTE (`most`): its base's count, plus the
    numbers taken since, plus the actions of its types created since the base's end (read
    from ix_actions_account_type). No base: `per_day`, so the window is counted."""
    since_base = (
        sa.select(sa.func.count())
        .where(
            c.workspace_id == _bind("lim_ws", c.workspace_id),
            c.mode == _bind("lim_mode", c.mode),
            c.account_id == _bind("lim_account", c.account_id),
            c.type.in_(sa.bindparam(f"limit{n}_types", expanding=True)),
            *_created_from(c.created_at >= _bind(f"limit{n}_base_at", c.created_at)),
        )
        .scalar_subquery()
    )
    number = sa.bindparam(f"limit{n}_base_number", type_=sa.Integer)
    newest = _newest_number()
    most = sa.case(
        # Numbers never go back; if they did (another database), the base says nothing.
        (newest >= number, sa.bindparam(f"limit{n}_base", type_=sa.Integer) + newest - number),
        else_=_per_day(n),
    )
    return sa.select((most + since_base).label("most")).cte(f"bound{n}")


def _per_day(n: int) -> Any:
    return sa.bindparam(f"limit{n}_per_day", type_=sa.Integer)


def _roomy(n: int) -> Any:
    return sa.select(bound(n).c.most).scalar_subquery() < _per_day(n)


def rooms(limits: int) -> list[Any]:
    """Each limit has room for one more: its bound is under `per_day`, or else (and only then
    is the window read) fewer than `per_day` count in the window."""
    return [
        sa.or_(_roomy(n), sa.select(window(n).c.used).scalar_subquery() < _per_day(n))
        for n in range(limits)
    ]


def windows(limits: int) -> list[Any]:
    """The answer's `newest` (the account's number before this write) and each limit's window
    as read: `counted{n}`, `used{n}` and `oldest{n}`. Every window is counted unless every
    bound showed room (then `used{n}` is the bound): a refusal reports each window exactly."""
    if not limits:
        return []
    # The newest number and each bound are one-row CTEs, read as columns (so the answer's FROM
    # joins them): a subquery for each use made the plan three times as many nodes to start.
    columns = [_newest().c.seq.label("newest")]
    roomy = sa.and_(*(bound(n).c.most < _per_day(n) for n in range(limits)))
    for n in range(limits):
        read = window(n)
        most = bound(n).c.most
        used = sa.select(read.c.used).scalar_subquery()
        oldest = sa.select(read.c.oldest).scalar_subquery()
        columns.append(sa.not_(roomy).label(f"counted{n}"))
        columns.append(sa.case((roomy, most), else_=used).label(f"used{n}"))
        columns.append(sa.case((roomy, sa.null()), else_=oldest).label(f"oldest{n}"))
    return columns


def ticket(new_action: Any) -> Any:
    """The account's next number, one past the newest, taken when the action was written."""
    return t.limit_uses.insert().from_select(
        ["workspace_id", "account_id", "seq", "created_at"],
        sa.select(
            _bind("lim_ws", _lim.workspace_id),
            _bind("lim_account", _lim.account_id),
            _newest_number() + 1,
            _bind("lim_created_at", _lim.created_at),
        ).select_from(new_action),
    )


def values(
    action: Action, caps: Sequence[LimitCap], bases: Sequence[Base | None]
) -> dict[str, Any]:
    """The binds of `caps`' windows, the number and each limit's base."""
    found: dict[str, Any] = {
        "lim_ws": action.workspace_id,
        "lim_mode": action.mode,
        "lim_account": action.account_id,
        "lim_now": caps[0].now,
        "lim_created_at": action.created_at,
        "lim_until": UNTIL,
        "lim_not_counted": list(NOT_COUNTED),
    }
    for n, (cap, base) in enumerate(zip(caps, bases, strict=True)):
        found |= {
            f"limit{n}_types": list(cap.types),
            f"limit{n}_since": cap.since,
            f"limit{n}_per_day": cap.per_day,
            f"limit{n}_base": cap.per_day if base is None else base.used,
            f"limit{n}_base_number": 0 if base is None else base.number,
            f"limit{n}_base_at": cap.now if base is None else base.at,
        }
    return found


@frozen
class Read:
    """The statement's answer on the limits: the account's newest number before the write,
    whether each window was counted, and each window as read."""

    newest: int
    counted: tuple[bool, ...]
    windows: tuple[tuple[int, dt.datetime | None], ...]


def read(row: Sequence[Any], first: int) -> Read:
    """The limits' part of the statement's answer (`first`: where it starts)."""
    found = row[first + 1 :]
    triples = [found[n : n + 3] for n in range(0, len(found), 3)]
    return Read(
        int(row[first]),
        tuple(bool(counted) for counted, _, _ in triples),
        tuple((int(used), oldest) for _, used, oldest in triples),
    )


def reached(caps: Sequence[LimitCap], read: Sequence[tuple[int, Any]]) -> bool:
    return any(used >= cap.per_day for cap, (used, _) in zip(caps, read, strict=True))
