"""What this process last knew of each daily limit's window, so that most writes under a
limit read a few index entries instead of every action of the day (limit_write.py).

A base is a most the window held in one snapshot, with the account's newest number then and the
moment it was taken. Later, the window holds at most the base, plus every number taken since
(each creation written under a limit of the account), plus every action of the limit's types
created since that moment: whatever ended or left the window only makes that bound larger.
While the bound is under `perDay` the write needs no count; once it is not, the write counts
the window again and that count is the next base.

Every REBASE-th write on a base takes the bound it read as the next base, so the actions read
since stay few without reading the window; and a base at least RECOUNT old is counted again,
so the bound's overcount (ended actions, a write seen both by its number and as an action) and
an action it cannot see (one written without a number, dated before the base) last no longer.

A write takes its base in its turn (allowed_write.py: this process's creations under one
account's limits write in turn), so creations that arrive together with no base kept wait for
the first one's count instead of each counting the window.
"""

from __future__ import annotations

import datetime as dt
import weakref
from collections import OrderedDict
from collections.abc import Sequence

from attrs import evolve, frozen

from service.actions.model import Action, LimitCap
from storage.sql.driver.statements import Planner

REBASE = 16
"""Writes on one base before the bound one of them read is the next base: the actions created
since a base are read on each write, so they are kept few. Counting the window instead (every
64th write, before) cost a write a tenth of a millisecond with 5,000 actions in the day."""
RECOUNT = dt.timedelta(seconds=1)
"""How old a base may be before a write counts the window again."""
KEPT = 4096
"""Bases kept per database, the least recently written dropped first."""

Key = tuple[str, str, str, tuple[str, ...]]


@frozen
class Base:
    """At most `used` in the window that ended at `at`, when the account's newest number was
    `number`; `counted` when the window was last counted, `writes` the writes handed it."""

    used: int
    number: int
    at: dt.datetime
    counted: dt.datetime
    writes: int = 0


_bases: weakref.WeakKeyDictionary[Planner, OrderedDict[Key, Base]] = weakref.WeakKeyDictionary()


def _key(action: Action, cap: LimitCap) -> Key:
    return (action.workspace_id, action.mode, action.account_id, tuple(sorted(cap.types)))


def _of(planner: Planner) -> OrderedDict[Key, Base]:
    """One database's bases (a planner belongs to one store), so no count crosses databases."""
    found = _bases.get(planner)
    if found is None:
        found = _bases[planner] = OrderedDict()
    return found


def bases(planner: Planner, action: Action, caps: Sequence[LimitCap]) -> list[Base | None]:
    """Each limit's base for one write, where one is kept, counted less than RECOUNT ago, and
    its window does not reach back further than the one counted (a clock set back would);
    none where the write is to count the window."""
    kept = _of(planner)
    found: list[Base | None] = []
    for cap in caps:
        key = _key(action, cap)
        base = kept.get(key)
        if base is not None:
            kept[key] = base = evolve(base, writes=base.writes + 1)
        usable = base is not None and base.at <= cap.now < base.counted + RECOUNT
        found.append(base if usable else None)
    return found


def written(
    planner: Planner,
    action: Action,
    caps: Sequence[LimitCap],
    counted: Sequence[tuple[bool, int]],
    number: int,
) -> None:
    """After a write: a window the statement counted (`counted[n]`: whether, and how many) is
    the limit's next base; so is the bound a write read, every REBASE-th write on a base."""
    kept = _of(planner)
    for cap, (fresh, used) in zip(caps, counted, strict=True):
        key = _key(action, cap)
        base = kept.get(key)
        if fresh:
            kept.pop(key, None)
            kept[key] = Base(used, number, cap.now, cap.now)
        elif base is not None and base.writes >= REBASE and base.at <= cap.now:
            kept[key] = Base(used, number, cap.now, base.counted)
    while len(kept) > KEPT:
        kept.popitem(last=False)
