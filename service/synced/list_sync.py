"""The account's long platform lists, synced at the cost of what changed: fans and revenue rows.

The platform lists fans newest subscription first (`GET /subscriptions/subscribers`, once with
`type=active`, once with `type=expired`) and revenue rows newest first
(`GET /payouts/transactions`). New rows therefore arrive at the top, and a sync reads them in
one of two passes (docs/synced-data.md says what each guarantees):

- **Quick** (every sync): pages from the top and stops after the first page that holds a row
  already stored unchanged: everything below it was read before, so nothing newer can follow. Fans are
  not read at all while their signature (counts and fan-list sizes) is unchanged.
- **Full reconciliation** (every `COUNTERSIGN_SYNC_FULL_INTERVAL`, and a first sync): pages
  the whole list, so changes deep in it (an expiry or a renewal, a refund, a list membership)
  are found. A fan the platform no longer lists at all is removed when a full pass of both
  fan lists ends within one sync.

Either pass reads at most `COUNTERSIGN_SYNC_MAX_PAGES` pages of one list per sync; a longer
list continues from that offset next round (a `more:<list>` state row, counted in `/metrics`),
never cut short silently. Each page is compared with what is stored and only its new or
changed rows are written, in a short transaction of its own: a sync holds one page in memory
(plus, during a full fan pass, the ids seen, for the removals) and holds no lock across calls.
"""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Awaitable, Callable
from typing import Any

from attrs import frozen

from service.accounts.model import Account
from service.ports import Store
from service.synced.fans import platform_fan
from service.synced.offsets import PAGE, walk
from service.synced.syncing import ObserveTransactions

Call = Callable[..., Awaitable[Any]]
FANS = ("fans_active", "fans_expired")
TRANSACTIONS = "transactions"
ROUTES = {
    "fans_active": ("GET /subscriptions/subscribers", {"type": "active"}),
    "fans_expired": ("GET /subscriptions/subscribers", {"type": "expired"}),
    TRANSACTIONS: ("GET /payouts/transactions", {}),
}


@frozen
class Walked:
    """What one list's pass did."""

    name: str
    full: bool
    pages: int
    written: int
    offset: int
    """Where the next page would start."""
    ended: bool
    """The pass reached its end: the list's end (full) or a page with nothing new (quick)."""
    whole: bool
    """A full pass read the whole list, from its first page to its last, in this sync."""
    window: tuple[int, int] | None = None
    """Revenue rows only: (gross, net) counted over the last 30 days, when the pass read every
    row of them (else None)."""


@frozen
class Plan:
    """Per list: None (skip), or the offset to start at and whether the pass is full."""

    passes: dict[str, tuple[int, bool] | None]


def plan(
    states: dict[str, tuple[dt.datetime, Any]],
    now: dt.datetime,
    full_interval: float,
    *,
    fans_changed: bool,
) -> Plan:
    """Which pass each list gets: a continuation goes on from its offset; a list whose last
    full pass is older than `full_interval` (or never ran) gets one; otherwise a quick pass
    (for fans, only when their signature changed)."""
    passes: dict[str, tuple[int, bool] | None] = {}
    for name in (*FANS, TRANSACTIONS):
        more = states.get(f"more:{name}")
        reconciled = states.get(f"full:{name}")
        if more is not None:
            offset, full = _continuation(more[1])
            passes[name] = (offset, full)
        elif reconciled is None or (now - reconciled[0]).total_seconds() >= full_interval:
            passes[name] = (0, True)
        elif name in FANS and not fans_changed:
            passes[name] = None
        else:
            passes[name] = (0, False)
    return Plan(passes)


def _continuation(signature: Any) -> tuple[int, bool]:
    if isinstance(signature, dict) and isinstance(signature.get("offset"), int):
        return max(0, signature["offset"]), bool(signature.get("full", True))
    return 0, True


async def sync_lists(
    store: Store,
    call: Call,
    account: Account,
    now: dt.datetime,
    chosen: Plan,
    *,
    max_pages: int,
    observe: ObserveTransactions,
    fans_listed: int | None = None,
) -> dict[str, Walked]:
    """Run the planned passes; each page's changes are committed as it is read.
    `fans_listed`: how many fans the platform counts (active and expired), for removals."""
    walked: dict[str, Walked] = {}
    seen: set[str] | None = set() if _both_full_from_top(chosen) else None
    for name, chosen_pass in chosen.passes.items():
        if chosen_pass is None:
            continue
        offset, full = chosen_pass
        write: Write = (
            functools.partial(_write_transactions, observe) if name == TRANSACTIONS else _write_fans
        )
        walked[name] = await _walk(
            store, call, account, now, name, offset, full, max_pages, write, seen
        )
        await _record(store, account, now, walked[name])
    if (
        seen is not None
        and all(walked[name].whole for name in FANS)
        and fans_listed is not None
        and len(seen) >= fans_listed
    ):
        # Every fan the platform counts was seen: a list that shifted under the pass (a fan
        # expiring moves up the active list) could have hidden one, and then none is removed.
        async with store.transaction() as uow:
            await uow.fans.prune(account.workspace_id, account.id, seen)
    return walked


def _both_full_from_top(chosen: Plan) -> bool:
    return all(chosen.passes.get(name) == (0, True) for name in FANS)


Write = Callable[..., Awaitable[tuple[int, int]]]
"""Writes a page's new or changed rows; returns (written, rows already held unchanged)."""


async def _walk(
    store: Store,
    call: Call,
    account: Account,
    now: dt.datetime,
    name: str,
    offset: int,
    full: bool,
    max_pages: int,
    write: Write,
    seen: set[str] | None,
) -> Walked:
    route, query = ROUTES[name]
    start = offset
    window_start = now.astimezone(dt.UTC).date() - dt.timedelta(days=29)  # as the chart's
    sums: list[int] | None = [0, 0] if name == TRANSACTIONS and offset == 0 else None
    past_window = False
    pages = written = 0

    async def fetch(at: int) -> Any:
        return await call(route, query={**query, "limit": PAGE, "offset": at})

    ended = True  # unless the page cap stops the walk, or a quick pass finds what it read
    async for listed, more in walk(fetch, max_pages=max_pages, start=start):
        pages += 1
        offset += len(listed)
        rows = [r for r in listed if isinstance(r, dict) and "id" in r]
        if not rows:
            break
        changed, kept = await write(store, account, now, rows)
        written += changed
        if seen is not None and name in FANS:
            seen.update(str(r["id"]) for r in rows)
        if sums is not None and not past_window:
            past_window = _count_window(rows, window_start, sums)
        if not more:
            past_window = True
            break
        if not full and kept:
            break  # a row read before: every older one was read before too
        ended = pages < max_pages
    return Walked(
        name=name,
        full=full,
        pages=pages,
        written=written,
        offset=offset,
        ended=ended,
        whole=full and ended and start == 0,
        window=(sums[0], sums[1]) if sums is not None and past_window else None,
    )


def _count_window(rows: list[dict[str, Any]], start: dt.date, sums: list[int]) -> bool:
    """Add the page's counted rows of the last 30 days to `sums`; True once a row is older
    (newest first: the window has been read whole)."""
    older = False
    for row in rows:
        day = _day(row.get("occurredAt"))
        if day < start:
            older = True
            continue
        if not row.get("deleted") and row.get("status") in ("pending", "completed"):
            sums[0] += int(row.get("grossCents") or 0)
            sums[1] += int(row.get("netCents") or 0)
    return older


def _day(value: Any) -> dt.date:
    try:
        return dt.datetime.fromisoformat(str(value)).astimezone(dt.UTC).date()
    except ValueError:
        return dt.date.min


async def _write_fans(
    store: Store, account: Account, now: dt.datetime, rows: list[dict[str, Any]]
) -> tuple[int, int]:
    """The page's fans that are new or differ from the stored row; writes only those."""
    page = {fan.id: fan for fan in (platform_fan(account, row) for row in rows)}
    async with store.reading() as uow:
        held = {
            fan.id: fan
            for fan in await uow.fans.get_many(account.workspace_id, account.id, list(page))
        }
    changed = [fan for fan_id, fan in page.items() if held.get(fan_id) != fan]
    if changed:
        async with store.transaction() as uow:
            await uow.fans.put_many(account.workspace_id, account.id, changed)
    return len(changed), len(page) - len(changed)


async def _write_transactions(
    observe: ObserveTransactions,
    store: Store,
    account: Account,
    now: dt.datetime,
    rows: list[dict[str, Any]],
) -> tuple[int, int]:
    """Revenue rows whose content changed get a new version (observe_transactions compares
    fingerprints first and takes no lock when nothing changed)."""
    async with store.transaction() as uow:
        observed = await observe(uow, now, account.workspace_id, account.id, rows)
    return len(observed), len({str(row["id"]) for row in rows}) - len(observed)


async def _record(store: Store, account: Account, now: dt.datetime, walked: Walked) -> None:
    """Where the list stands: `full:<list>` dates the last finished full pass; `more:<list>`
    holds the offset to go on from while a pass stopped at the page cap."""
    ws, account_id, name = account.workspace_id, account.id, walked.name
    async with store.transaction() as uow:
        if walked.ended:
            await uow.synced.clear_state(ws, account_id, f"more:{name}")
            if walked.full:
                await uow.synced.set_state(ws, account_id, f"full:{name}", now, None)
        else:
            await uow.synced.set_state(
                ws, account_id, f"more:{name}", now, {"offset": walked.offset, "full": walked.full}
            )
