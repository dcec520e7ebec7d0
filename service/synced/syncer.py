"""The syncer: keeps each linked account's synced data up to date from the platform.

`sync_account` reads one account's profile, counts and totals (service/synced/snapshot.py)
and the small families (service/synced/family_sync.py), pages its fans and revenue rows by
what changed (service/synced/list_sync.py: those pages are written as they are read), then
writes the rest in one unit of work and marks the account `healthy` with `lastSyncedAt`. What the platform says about the
account moves its status: an expired session → `needs_relink`, a restriction → `restricted`.
A platform that is down or slow changes nothing; the next round tries again.

Many workers can share one database: a round claims each account's lease with a conditional
write (`claim_sync`) until its next due time, one sync interval later, so N workers sync each
account once per interval (and a failing account is retried once per interval, not once per
worker). Every status write is conditional too (`accounts.move`): it names the status and the
sealed platform session the sync started from, so a stale sync never undoes a relink (a new
session) or another writer's status (the executor's `needs_relink`); it then writes nothing.

A sync paces itself within the syncer's share of the account's platform budget
(service/platform/budget.py): at its share it waits for the window to free room, leaving the
rest to live reads. It waits for at most `PACE_WITHIN` of its lease; past that its reads are
only counted, so it never stops half-way and never outlasts its lease for the budget.

Which accounts a round visits (`sync_all`): live accounts that are `healthy` or `syncing`, and
`restricted` ones (a restriction can be lifted on the platform while the session still works,
so each round re-checks it). `needs_relink` accounts wait for a new hosted link; other
unavailable statuses wait for a person. Test-mode accounts never reach the platform: their
synced data is the sandbox's snapshot, rewritten when `sync_account` is called for one (a test
link connecting it), never by the periodic round.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from collections.abc import Callable
from typing import Any

from service.accounts import status as account_status
from service.accounts.model import Account
from service.domain.ids import worker_name
from service.platform.errors import AccountUnavailable, PlatformError
from service.platform.seam import NotConnected
from service.synced.family_sync import (
    Changes,
    Windows,
    read_families,
    write_families,
    write_fan_lists,
)
from service.synced.list_sync import Walked, plan, sync_lists
from service.synced.snapshot import Snapshot, read_snapshot
from service.synced.syncing import SyncDeps

log = logging.getLogger("countersign.syncer")

ROUND_STATUSES = ("healthy", "syncing", "restricted")
PACE_WITHIN = 0.75
"""The share of a sync's lease (one sync interval) in which it may wait for the budget: the
rest is for its remaining reads and its writes."""
WORKER = worker_name()  # this process's name on the leases it takes
REASONS = {
    "needs_relink": "The platform session expired. Link the account again.",
    "restricted": "The platform has restricted this account. It is synced again once the "
    "platform lifts the restriction.",
}


async def sync_all(deps: SyncDeps, worker: str | None = None) -> dict[str, int]:
    """One round over every workspace's live accounts whose sync is due, up to
    `sync_concurrency` at once (a sync paced by its budget holds one place while the others go
    on); one failure never stops the round. `skipped` counts accounts another worker claimed
    first, `deferred` those whose platform budget is spent."""
    worker = worker or WORKER
    async with deps.store.reading() as uow:
        due = await uow.accounts.due_for_sync(deps.clock.now(), statuses=ROUND_STATUSES)
    tally = {"synced": 0, "failed": 0, "skipped": 0}
    places = asyncio.Semaphore(deps.settings.sync_concurrency)

    async def visit(workspace_id: str, account_id: str) -> None:
        async with places:  # the lease is claimed only once the sync can start
            outcome = await _visit(deps, workspace_id, account_id, worker)
        tally[outcome] = tally.get(outcome, 0) + 1

    await asyncio.gather(*(visit(workspace_id, account_id) for workspace_id, account_id in due))
    log.info("sync round by %s: %s", worker, tally)
    return tally


async def _visit(deps: SyncDeps, workspace_id: str, account_id: str, worker: str) -> str:
    """Sync one due account for a round; what came of it, as the round counts it."""
    if await _budget_spent(deps, workspace_id, account_id):
        return "deferred"
    account = await _claim(deps, workspace_id, account_id, worker)
    if account is None:
        return "skipped"
    try:
        synced = await _sync(deps, account)
    except Exception:
        log.exception("sync of %s/%s failed", workspace_id, account_id)
        return "failed"
    fresh = synced.status == "healthy" and synced.last_synced_at != account.last_synced_at
    return "synced" if fresh else "failed"


async def _budget_spent(deps: SyncDeps, workspace_id: str, account_id: str) -> bool:
    """The account's platform budget (service/platform/budget.py) has no call left: the
    round leaves it unclaimed, so a later round syncs it; it is deferred, never failed. A sync
    that starts is never stopped half-way: it is paced, never refused."""
    budget = deps.platforms.budget
    return budget is not None and await budget.spent(workspace_id, account_id)


async def _claim(deps: SyncDeps, workspace_id: str, account_id: str, worker: str) -> Account | None:
    now = deps.clock.now()
    until = now + dt.timedelta(seconds=deps.settings.sync_interval)
    async with deps.store.transaction() as uow:
        return await uow.accounts.claim_sync(
            workspace_id, account_id, worker=worker, now=now, until=until, statuses=ROUND_STATUSES
        )


async def sync_account(
    deps: SyncDeps,
    workspace_id: str,
    account_id: str,
    *,
    on_wait: Callable[[], None] | None = None,
) -> Account | None:
    """Sync one account now; returns it as stored afterwards (None when it does not exist).
    `on_wait` is called whenever the sync waits for its share of the budget."""
    async with deps.store.reading() as uow:
        account = await uow.accounts.get(workspace_id, account_id)
    if account is None:
        return None
    return await _sync(deps, account, on_wait)


_first_syncs: set[asyncio.Task[Account | None]] = set()  # strong references while they run


async def first_sync(deps: SyncDeps, workspace_id: str, account_id: str) -> None:
    """A newly linked account's first sync, for the hosted link's last step: the page waits
    for it, unless the sync has to wait for the account's platform budget (a large account: a
    5,000-fan, 1,000-chat first sync is paced over about two minutes). Then it goes on in the
    background and the page answers at once, the account `syncing` until the sync ends. A
    failure is logged, never raised: the link is connected and the next round tries again.

    It takes the account's sync lease first, as a round does, so no round syncs the account
    again at the same time nor before one sync interval has passed."""
    await _claim(deps, workspace_id, account_id, WORKER)  # held by a round: sync anyway
    waiting = asyncio.Event()
    task = asyncio.create_task(
        sync_account(deps, workspace_id, account_id, on_wait=waiting.set),
        name=f"first-sync-{account_id}",
    )
    _first_syncs.add(task)
    task.add_done_callback(_first_sync_ended)
    paced = asyncio.create_task(waiting.wait())
    try:
        await asyncio.wait({task, paced}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        paced.cancel()
    if not task.done():
        log.info("the first sync of %s waits for its platform budget: it goes on", account_id)


def _first_sync_ended(task: asyncio.Task[Account | None]) -> None:
    _first_syncs.discard(task)
    if not task.cancelled() and (error := task.exception()) is not None:
        log.error("%s failed", task.get_name(), exc_info=error)


async def first_syncs_finished() -> None:
    """Wait for the first syncs this event loop is still running (tests, and anyone who must
    know the data is in)."""
    loop = asyncio.get_running_loop()
    running = [task for task in _first_syncs if task.get_loop() is loop]
    await asyncio.gather(*running, return_exceptions=True)


def _pace_for(deps: SyncDeps) -> float:
    """Seconds a sync may wait for the syncer's share of the budget. A round's lease lasts one
    sync interval from the claim, just before the sync (the link's first sync claims one too)."""
    return deps.settings.sync_interval * PACE_WITHIN


async def _sync(
    deps: SyncDeps, account: Account, on_wait: Callable[[], None] | None = None
) -> Account:
    now = deps.clock.now()
    try:
        # The sandbox in test mode; paced within the syncer's share of the budget.
        connection = deps.platforms.connect(account, pace_for=_pace_for(deps), on_wait=on_wait)
    except NotConnected as error:
        log.warning("cannot sync %s: %s", account.id, error.message)
        return account
    windows = Windows.of(deps.settings)
    async with deps.store.reading() as uow:
        states = await uow.synced.states(account.workspace_id, account.id)
        heads = await uow.synced.chat_heads(account.workspace_id, account.id)
    try:
        request = connection.platform.request
        snapshot = await read_snapshot(request, connection.session, now)
        changes = await read_families(
            request,
            connection.session,
            now,
            windows,
            heads=heads,
            states=states,
            posts_count=snapshot.posts_count,
        )
        held = states.get("fans")
        lists = await sync_lists(
            deps.store,
            _with_session(request, connection.session),
            account,
            now,
            plan(
                states,
                now,
                windows.full_interval,
                fans_changed=held is None or held[1] != snapshot.fans_signature,
            ),
            max_pages=deps.settings.sync_max_pages,
            observe=deps.observe_transactions,
            fans_listed=snapshot.counts["activeFans"] + snapshot.counts["expiredFans"],
        )
    except AccountUnavailable as error:
        status = error.account_status or "needs_relink"
        log.info("account %s is %s on the platform", account.id, status)
        return await _set_status(deps, account, status, REASONS.get(status, error.message))
    except PlatformError as error:
        log.warning(
            "platform error while syncing %s (kept %s): %r", account.id, account.status, error
        )
        return account
    return await _store(deps, account, snapshot, changes, lists, deps.clock.now())


def _with_session(request: Callable[..., Any], session: str) -> Callable[..., Any]:
    async def call(route: str, **kwargs: Any) -> Any:
        return await request(route, session=session, **kwargs)

    return call


class _MovedOn(Exception):
    """The account left the status or session this sync started from: write nothing."""


async def _set_status(deps: SyncDeps, account: Account, status: str, reason: str) -> Account:
    async with deps.store.transaction() as uow:
        updated = await account_status.platform_said(uow, account, status, reason, deps.clock.now())
    return updated or await _moved_on(deps, account)


async def _store(
    deps: SyncDeps,
    account: Account,
    snapshot: Snapshot,
    changes: Changes,
    lists: dict[str, Walked],
    now: dt.datetime,
) -> Account:
    """The account row and the small families in one unit of work (the fans and revenue rows
    were written page by page as they were read)."""
    windows = Windows.of(deps.settings)
    ws, account_id = account.workspace_id, account.id
    try:
        async with deps.store.transaction() as uow:
            # The families first (they only touch their own rows), so the account's counts
            # below can say how many chats are held.
            await write_families(uow, ws, account_id, changes, now, windows)
            if snapshot.fan_lists is not None:
                await write_fan_lists(uow, ws, account_id, snapshot.fan_lists, now)
            counts = {
                **snapshot.counts,
                "chats": await uow.synced.count_chats(ws, account_id),
                "vaultItems": changes.vault_items
                if changes.vault_items is not None
                else account.counts.get("vaultItems", 0),
            }
            # The account row: its conditional write decides whether anything is kept (a
            # moved-on account rolls the whole unit back, families included).
            updated = await account_status.synced(
                uow,
                account,
                now,
                username=snapshot.profile["username"] or account.username,
                name=snapshot.profile.get("name"),
                avatar_url=snapshot.profile.get("avatarUrl"),
                counts=counts,
                revenue30d=_revenue30d(account, snapshot, lists.get("transactions")),
                subscription_price=snapshot.subscription_price,
                fan_lists=snapshot.fan_lists,
                media_ids=changes.media_ids if changes.media_ids is not None else account.media_ids,
            )
            if updated is None:
                raise _MovedOn
            if any(name in lists for name in ("fans_active", "fans_expired")):
                await uow.synced.set_state(ws, account_id, "fans", now, snapshot.fans_signature)
    except _MovedOn:
        return await _moved_on(deps, account)
    return updated


async def _moved_on(deps: SyncDeps, account: Account) -> Account:
    log.info(
        "account %s changed while it was synced (relinked or status moved); the sync wrote nothing",
        account.id,
    )
    async with deps.store.reading() as uow:
        return await uow.accounts.get(account.workspace_id, account.id) or account


def _revenue30d(
    account: Account, snapshot: Snapshot, walked: Walked | None
) -> dict[str, dict[str, Any]]:
    """The chart's totals; what it left out is summed from the revenue rows when this sync read
    every row of the 30 days, else kept from the last sync that did."""
    revenue = dict(snapshot.revenue30d)
    for position, name in ((0, "gross"), (1, "net")):
        if name not in snapshot.revenue_missing:
            continue
        held = account.revenue30d.get(name) if isinstance(account.revenue30d, dict) else None
        if walked is not None and walked.window is not None:
            amount = walked.window[position]
        elif isinstance(held, dict) and isinstance(held.get("amount"), int):
            amount = held["amount"]
        else:
            amount = 0
        revenue[name] = {**revenue[name], "amount": amount}
    return revenue
