"""The syncer: keeps each linked account's synced data (SPEC 2.7) up to date from the platform.

`sync_account` reads one account (service/workers/snapshot.py) and writes profile, counts,
revenue30d, subscription price, fans and newly seen or changed transactions in one unit of
work, then marks the account `healthy` with `lastSyncedAt`. What the platform says about the
account moves its status: an expired session → `needs_relink`, a restriction → `restricted`.
A platform that is down or slow changes nothing; the next round tries again.

Which accounts a round visits (`sync_all`): live accounts that are `healthy` or `syncing`, and
`restricted` ones (a restriction can be lifted on the platform while the session still works,
so each round re-checks it). `needs_relink` accounts wait for a new hosted link; other
unavailable statuses wait for a person. Test-mode accounts never reach the platform: their
synced data is the sandbox's snapshot, rewritten when `sync_account` is called for one (a test
link connecting it), never by the periodic round.
"""

from __future__ import annotations

import datetime as dt
import logging

from service.domain.models import Account, Fan
from service.live import platform_fan
from service.platform.errors import AccountUnavailable, PlatformError
from service.platform.sandbox import sandbox_creators
from service.usecases.revenue import observe_transactions
from service.workers.snapshot import Snapshot, read_snapshot

log = logging.getLogger("countersign.syncer")

ROUND_STATUSES = ("healthy", "syncing", "restricted")
REASONS = {
    "needs_relink": "The platform session expired. Link the account again.",
    "restricted": "The platform has restricted this account. It is synced again once the "
                  "platform lifts the restriction.",
}


async def sync_all(services) -> dict[str, int]:
    """One round over every workspace's live accounts that can be synced; one failure never
    stops the round."""
    async with services.store.reading() as uow:
        accounts = await uow.accounts.list_all(statuses=ROUND_STATUSES)
    tally = {"synced": 0, "failed": 0, "skipped": 0}
    for account in accounts:
        if account.mode != "live" or account.session_secret is None:
            tally["skipped"] += 1
            continue
        try:
            synced = await sync_account(services, account.workspace_id, account.id)
        except Exception:
            log.exception("sync of %s/%s failed", account.workspace_id, account.id)
            tally["failed"] += 1
            continue
        fresh = synced is not None and synced.status == "healthy" and \
            synced.last_synced_at != account.last_synced_at
        tally["synced" if fresh else "failed"] += 1
    return tally


async def sync_account(services, workspace_id: str, account_id: str) -> Account | None:
    """Sync one account now; returns it as stored afterwards (None when it does not exist)."""
    async with services.store.reading() as uow:
        account = await uow.accounts.get(workspace_id, account_id)
    if account is None:
        return None
    now = services.clock.now()
    if account.mode == "test":
        return await _store(services, account, _sandbox_snapshot(services, account), now)
    if services.platform is None or account.session_secret is None:
        log.warning("cannot sync %s: no platform configured or no session", account.id)
        return account
    session = services.secrets.open(account.session_secret)
    try:
        snapshot = await read_snapshot(services.platform.request, session, now)
    except AccountUnavailable as error:
        status = error.account_status or "needs_relink"
        log.info("account %s is %s on the platform", account.id, status)
        return await _set_status(services, account, status, REASONS.get(status, error.message))
    except PlatformError as error:
        log.warning("platform error while syncing %s (kept %s): %r", account.id,
                    account.status, error)
        return account
    return await _store(services, account, snapshot, services.clock.now())


async def _set_status(services, account: Account, status: str, reason: str) -> Account:
    async with services.store.transaction() as uow:
        updated = await uow.accounts.update(account.workspace_id, account.id, status=status,
                                            status_reason=reason)
    return updated or account


async def _store(services, account: Account, snapshot: Snapshot, now: dt.datetime) -> Account:
    fans = [platform_fan(account, row) for row in snapshot.fans]
    async with services.store.transaction() as uow:
        await uow.fans.replace(account.workspace_id, account.id, _unique(fans))
        if snapshot.transactions:
            await observe_transactions(uow, now, account.workspace_id, account.id,
                                       snapshot.transactions)
        updated = await uow.accounts.update(
            account.workspace_id, account.id, username=snapshot.profile["username"] or
            account.username, name=snapshot.profile.get("name"),
            avatar_url=snapshot.profile.get("avatarUrl"), counts=snapshot.counts,
            revenue30d=snapshot.revenue30d, subscription_price=snapshot.subscription_price,
            fan_lists=snapshot.fan_lists, media_ids=snapshot.media_ids,
            status="healthy", status_reason=None, last_synced_at=now)
    return updated or account


def _unique(fans: list[Fan]) -> list[Fan]:
    """A fan listed twice (a page shifted between two calls) is stored once."""
    return list({fan.id: fan for fan in fans}.values())


def _sandbox_snapshot(services, account: Account) -> Snapshot:
    """The sandbox creator's data as a snapshot, the same data the workspace started with."""
    creators = sandbox_creators(account.workspace_id, now=services.clock.now())
    creator = next((c for c in creators if c["id"] == account.id), None)
    if creator is None:
        return Snapshot(profile={"username": account.username, "name": account.name,
                                 "avatarUrl": account.avatar_url},
                        counts=account.counts, revenue30d=account.revenue30d,
                        subscription_price=account.subscription_price, fans=[],
                        transactions=[])
    fans = [{"id": f["id"], "username": f["username"], "name": f.get("name"),
             "avatar": f.get("avatarUrl"), "subscribedAt": f.get("subscribedAt"),
             "expiredAt": f.get("expiresAt"),
             "subscribedIsExpiredNow": f["subscriptionStatus"] == "expired",
             "listIds": f.get("listIds", [])} for f in creator["fans"]]
    return Snapshot(profile={"username": creator["username"], "name": creator["name"],
                             "avatarUrl": creator["avatarUrl"]},
                    counts=creator["counts"], revenue30d=creator["revenue30d"],
                    subscription_price=creator["subscriptionPrice"], fans=fans,
                    transactions=[], fan_lists=[{"id": fl["id"], "name": fl["name"]}
                                                for fl in creator["lists"]])
