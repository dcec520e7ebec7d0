"""The only writer of an account's status.

Three moves, each one conditional write:

    linked        (new or relinked)  -> syncing      the hosted link connected it
    synced        from the status and session the sync started from -> healthy
    platform_said from the status and session the call started from -> what the platform said
                  (needs_relink, awaiting_2fa, awaiting_selfie, restricted, disconnected)

"From the status and session the caller started from": a relink meanwhile (a new sealed
session) or another writer's move is never undone by a stale verdict; the move returns None.

Every move that changes the status writes its `account.status_changed` event (at `now`) in the
caller's unit of work, so there is no change without its event and no event without its change.
A link that connected an account announces it here too (`account.connected`, with the account
as the API shows it), so no other feature renders an account for an event.
"""

from __future__ import annotations

import datetime as dt
from typing import Any, TypedDict, Unpack

from service.accounts.events import status_changed
from service.accounts.model import UNAVAILABLE_STATUSES, Account
from service.accounts.render import account_json
from service.domain.events import Event
from service.domain.ids import new_id
from service.ports import UnitOfWork

HEALTHY, SYNCING = "healthy", "syncing"
STATUSES = (HEALTHY, SYNCING, *sorted(UNAVAILABLE_STATUSES))
FIRST_SYNC_REASON = "First sync in progress."


class Linked(TypedDict):
    """What a hosted link writes on the account it connected."""

    username: str
    name: str | None
    avatar_url: str | None
    linked_at: dt.datetime
    session_secret: bytes | None


class Profile(TypedDict, total=False):
    """What a sync read of the account writes on it."""

    username: str
    name: str | None
    avatar_url: str | None
    counts: dict[str, Any]
    revenue30d: dict[str, Any]
    subscription_price: dict[str, Any] | None
    fan_lists: tuple[dict[str, Any], ...] | list[dict[str, Any]] | None
    media_ids: tuple[str, ...] | list[str] | None


async def linked(
    uow: UnitOfWork,
    existing: Account | None,
    *,
    workspace_id: str,
    account_id: str,
    mode: str,
    values: Linked,
    now: dt.datetime,
) -> Account:
    """A hosted link connected the account: a new row, or the relinked `existing` one updated
    with `values` (its writes switch kept); either way `syncing` until its first sync."""
    if existing is None:
        account = Account(
            workspace_id=workspace_id,
            id=account_id,
            mode=mode,
            writes_enabled=True,
            last_synced_at=None,
            status=SYNCING,
            status_reason=FIRST_SYNC_REASON,
            **values,
        )
        await uow.accounts.add(account)
        return account
    updated = await uow.accounts.update(
        workspace_id, account_id, status=SYNCING, status_reason=FIRST_SYNC_REASON, **values
    )
    await _emit(uow, existing.status, updated, now)
    return updated or existing


async def announce_linked(
    uow: UnitOfWork, account: Account, link_id: str, now: dt.datetime
) -> None:
    """The `account.connected` event of the link that connected `account` (as `linked` wrote
    it), carrying the account as the API shows it."""
    await uow.events.add(
        Event(
            id=new_id("evt_"),
            workspace_id=account.workspace_id,
            type="account.connected",
            account_id=account.id,
            data={"account": account_json(account), "linkId": link_id},
            created_at=now,
            mode=account.mode,
        )
    )


async def synced(
    uow: UnitOfWork, account: Account, now: dt.datetime, **profile: Unpack[Profile]
) -> Account | None:
    """A sync read the account: healthy, with what it read."""
    moved = await uow.accounts.move(
        account.workspace_id,
        account.id,
        from_status=account.status,
        from_session=account.session_secret,
        **profile,
        status=HEALTHY,
        status_reason=None,
        last_synced_at=now,
    )
    await _emit(uow, account.status, moved, now)
    return moved


async def platform_said(
    uow: UnitOfWork, account: Account, status: str, reason: str, now: dt.datetime
) -> Account | None:
    """The platform answered that the account cannot be called (`status`, in its words)."""
    if status not in UNAVAILABLE_STATUSES:
        raise ValueError(f"the platform cannot make an account {status}")
    moved = await uow.accounts.move(
        account.workspace_id,
        account.id,
        from_status=account.status,
        from_session=account.session_secret,
        status=status,
        status_reason=reason,
    )
    await _emit(uow, account.status, moved, now)
    return moved


async def _emit(uow: UnitOfWork, previous: str, moved: Account | None, now: dt.datetime) -> None:
    """The `account.status_changed` event of a move that was written and changed the status."""
    event = status_changed(previous, moved, now) if moved is not None else None
    if event is not None:
        await uow.events.add(event)
