"""Incremental sync of the synced families: chats and messages, posts, vault, earnings, fan lists.

`read_families` asks the platform only for what may have changed (docs/synced-data.md):

- Chats: the chat list is paged newest first and paging stops at the first chat whose last
  message we already hold; only the chats above it are re-read. For each, messages are paged
  newest first down to the newest message we hold, never further, and at most the chat's
  window (`COUNTERSIGN_SYNC_MESSAGES_PER_CHAT`).
- Posts and vault media: re-read (up to `COUNTERSIGN_SYNC_ITEMS` each) only when a cheap
  signature changed (the profile's post count; the vault's per-type counts and its lists'
  sizes) or the family's last full read is older than `COUNTERSIGN_SYNC_FULL_INTERVAL`.
- Vault lists and earnings days: one call each per sync (they are small and change daily).

`write_families` stores the changes in the caller's unit of work, so a sync lands as a whole.
Every call goes through the request function (the platform, or the sandbox in test mode).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Awaitable, Callable
from typing import Any

from attrs import field, frozen

from service.domain.item_families import ItemFamily
from service.ports import UnitOfWork
from service.settings import Settings
from service.synced import shapes
from service.synced.families import FAN_LISTS, POSTS, VAULT_LISTS, VAULT_MEDIA, Family, Row
from service.synced.offsets import PAGE, walk

Request = Callable[..., Awaitable[Any]]


@frozen
class Windows:
    """How much of each family is kept (settings `COUNTERSIGN_SYNC_*`, documented defaults)."""

    chats: int = 2000
    messages_per_chat: int = 100
    items: int = 500
    earnings_days: int = 90
    full_interval: float = 21600.0

    def kept(self, family: Family) -> int:
        """How many items of `family` one sync keeps: the value of its declared window setting
        (a family whose setting is not here fails at once, in tests/synced/test_family_registry.py)."""
        by_setting = {"COUNTERSIGN_SYNC_ITEMS": self.items}
        return by_setting[family.window or ""]

    @classmethod
    def of(cls, settings: Settings) -> Windows:
        return cls(
            chats=settings.sync_chats,
            messages_per_chat=settings.sync_messages_per_chat,
            items=settings.sync_items,
            earnings_days=settings.sync_earnings_days,
            full_interval=settings.sync_full_interval,
        )


@frozen
class Changes:
    """What one sync read; None for a family means "unchanged, keep what is stored"."""

    chats: list[dict[str, Any]]
    messages: dict[str, tuple[list[dict[str, Any]], bool]]
    """Per changed chat: its new messages, newest first, and whether paging reached the newest
    message already held (False: the held window has a gap and is replaced)."""
    posts: list[Row] | None
    vault_lists: list[Row]
    vault_media: list[Row] | None
    media_ids: list[str] | None
    earnings: list[Row]
    vault_items: int | None = None
    """The vault's size: the platform's per-type counts summed, else the media read."""
    signatures: dict[str, Any] = field(factory=dict)
    calls: int = 0


class _Counter:
    """Counts the calls this sync makes (logged; the bench counts on the platform's side)."""

    def __init__(self, request: Request, session: str) -> None:
        self.request, self.session, self.calls = request, session, 0

    async def __call__(self, route: str, **kwargs: Any) -> Any:
        self.calls += 1
        return await self.request(route, session=self.session, **kwargs)

    async def paged(self, route: str, cap: int, **query: Any) -> list[dict[str, Any]]:
        """Items of a `{list, hasMore}` route, newest first as the platform gives them, at
        most `cap`."""
        items: list[dict[str, Any]] = []

        async def fetch(offset: int) -> Any:
            size = min(PAGE, cap - len(items))
            return await self(route, query={**query, "limit": size, "offset": offset})

        if cap > 0:
            async for rows, _ in walk(fetch):
                items.extend(r for r in rows if isinstance(r, dict) and "id" in r)
                if len(items) >= cap:
                    break
        return items[:cap]


async def read_families(
    request: Request,
    session: str,
    now: dt.datetime,
    windows: Windows,
    *,
    heads: dict[str, str | None],
    states: dict[str, tuple[dt.datetime, Any]],
    posts_count: int | None,
) -> Changes:
    call = _Counter(request, session)
    chats, messages = await _chats(call, windows, heads)

    def due(family: str, signature: Any) -> bool:
        held = states.get(family)
        if held is None or held[1] != signature:
            return True
        return (now - held[0]).total_seconds() >= windows.full_interval

    signatures: dict[str, Any] = {}
    posts = None
    signatures[POSTS.name] = {"count": posts_count}
    if posts_count is None or due(POSTS.name, signatures[POSTS.name]):
        posts = await _rows(call, POSTS, windows)
    vault_lists = await _rows(call, VAULT_LISTS, windows)
    types = await call("GET /vault/media/types")
    signatures[VAULT_MEDIA.name] = {
        "types": types.get("list") if isinstance(types, dict) else None,
        "lists": sorted([row[0], row[3]["mediaCount"]] for row in vault_lists),
    }
    vault_media = None
    if due(VAULT_MEDIA.name, signatures[VAULT_MEDIA.name]):
        vault_media = await _rows(call, VAULT_MEDIA, windows)
    end = now.astimezone(dt.UTC).date()
    start = end - dt.timedelta(days=windows.earnings_days - 1)
    chart = await call(
        "GET /earnings/chart",
        query={"startDate": start.isoformat(), "endDate": end.isoformat()},
    )
    days, _ = shapes.earnings_days(chart)
    type_counts = types.get("list") if isinstance(types, dict) else None
    vault_items = None
    if isinstance(type_counts, list) and type_counts:
        vault_items = sum(int(t.get("count") or 0) for t in type_counts if isinstance(t, dict))
    elif vault_media is not None:
        vault_items = len(vault_media)
    return Changes(
        chats=chats,
        messages=messages,
        posts=posts,
        vault_lists=vault_lists,
        vault_media=vault_media,
        media_ids=[row[0] for row in vault_media] if vault_media is not None else None,
        earnings=[(d["date"], d["date"], [], d) for d in days],
        vault_items=vault_items,
        signatures=signatures,
        calls=call.calls,
    )


async def _chats(
    call: _Counter, windows: Windows, heads: dict[str, str | None]
) -> tuple[list[dict[str, Any]], dict[str, tuple[list[dict[str, Any]], bool]]]:
    changed: list[dict[str, Any]] = []
    if windows.chats <= 0:
        return changed, {}
    done = False

    async def fetch(offset: int) -> Any:
        return await call("GET /chats", query={"limit": PAGE, "offset": offset, "order": "recent"})

    async for rows, _ in walk(fetch):
        for row in rows:
            if not isinstance(row, dict):
                continue
            chat = shapes.chat(row)
            last = chat["lastMessage"]
            if last is None:
                continue
            if chat["fanId"] in heads and heads[chat["fanId"]] == last["id"]:
                done = True  # this chat and every older one are as we hold them
                break
            changed.append(chat)
            if len(changed) >= windows.chats:
                done = True
                break
        if done:
            break
    messages = {}
    for chat in changed:
        messages[chat["fanId"]] = await _new_messages(
            call, chat["fanId"], heads.get(chat["fanId"]), windows.messages_per_chat
        )
    return changed, messages


async def _new_messages(
    call: _Counter, fan_id: str, newest_held: str | None, window: int
) -> tuple[list[dict[str, Any]], bool]:
    found: list[dict[str, Any]] = []

    async def fetch(offset: int) -> Any:
        return await call(
            "GET /chats/:id/messages",
            path_params={"id": fan_id},
            query={"limit": min(PAGE, window - len(found)), "offset": offset, "order": "desc"},
        )

    if window <= 0:
        return found, False
    async for rows, more in walk(fetch):
        for row in rows:
            if not isinstance(row, dict) or "id" not in row:
                continue
            if newest_held is not None and str(row["id"]) == newest_held:
                return found, True
            found.append(shapes.message(row, fan_id))
        if not more:
            return found, newest_held is None
        if len(found) >= window:
            break
    return found[:window], False


async def _rows(call: _Counter, family: Family, windows: Windows) -> list[Row]:
    read = await call.paged(family.route, windows.kept(family))
    return [family.row(family.shape(item)) for item in read]


async def write_families(
    uow: UnitOfWork,
    workspace_id: str,
    account_id: str,
    changes: Changes,
    now: dt.datetime,
    windows: Windows,
) -> None:
    synced = uow.synced
    await synced.put_chats(workspace_id, account_id, changes.chats)
    for fan_id, (messages, reached) in changes.messages.items():
        if not reached:
            await synced.trim_messages(workspace_id, account_id, fan_id, 0)
        await synced.add_messages(workspace_id, account_id, messages)
        await synced.trim_messages(workspace_id, account_id, fan_id, windows.messages_per_chat)
    await synced.trim_chats(workspace_id, account_id, windows.chats)
    await synced.set_state(workspace_id, account_id, "chats", now, None)
    families: dict[ItemFamily, list[Row] | None] = {
        POSTS.name: changes.posts,
        VAULT_LISTS.name: changes.vault_lists,
        VAULT_MEDIA.name: changes.vault_media,
        ItemFamily.EARNINGS: changes.earnings,
    }
    for family, rows in families.items():
        if rows is not None:
            await synced.replace_items(workspace_id, account_id, family, rows)
            await synced.set_state(
                workspace_id, account_id, family, now, changes.signatures.get(family)
            )


async def write_fan_lists(
    uow: UnitOfWork,
    workspace_id: str,
    account_id: str,
    fan_lists: list[dict[str, Any]],
    now: dt.datetime,
) -> None:
    """Fan lists as the snapshot read them, in the API's shape."""
    rows = [FAN_LISTS.row(item) for item in fan_lists]
    await uow.synced.replace_items(workspace_id, account_id, FAN_LISTS.name, rows)
    await uow.synced.set_state(workspace_id, account_id, FAN_LISTS.name, now, None)


async def sync_sandbox_families(
    uow: UnitOfWork,
    request: Request,
    session: str,
    account_id: str,
    workspace_id: str,
    fan_lists: list[dict[str, Any]],
    now: dt.datetime,
) -> None:
    """A new workspace's sandbox creator gets its synced families from the sandbox at once, so
    test keys read chats, messages and the rest like live ones."""
    windows = Windows()
    changes = await read_families(
        request, session, now, windows, heads={}, states={}, posts_count=None
    )
    await write_families(uow, workspace_id, account_id, changes, now, windows)
    await write_fan_lists(uow, workspace_id, account_id, fan_lists, now)
