"""What an executed write changes in the synced chats, without waiting for the next sync.

A sent message is added to its chat (and becomes the chat's last message); an unsent one, or
every copy of an unsent mass message, is removed, and each chat it left points at its newest
remaining message. The next sync then finds these chats unchanged and re-reads nothing.
Test-mode writes never reached anything, so they change nothing here.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Awaitable, Callable
from typing import Any

from service.actions.model import Action
from service.domain.clock import isoformat
from service.ports import Store, UnitOfWork


async def record_write(
    store: Store, now: dt.datetime, action: Action, result: dict[str, Any] | None
) -> None:
    effect = EFFECTS.get(action.type)
    if effect is None or not result or result.get("simulated"):
        return
    async with store.transaction() as uow:
        await effect(uow, now, action, result)


async def _sent(uow: UnitOfWork, now: dt.datetime, action: Action, result: dict[str, Any]) -> None:
    if not result.get("messageId"):
        return
    message_id = str(result["messageId"])
    p, ws, account_id = action.params, action.workspace_id, action.account_id
    cents = p.get("priceCents") or 0
    message = {
        "id": message_id,
        "fanId": p["fanId"],
        "fromCreator": True,
        "text": p["text"],  # normalised to HTML at creation: what the platform got
        "price": {"amount": cents, "currency": "USD"} if cents else None,
        "mediaIds": list(p.get("mediaIds") or []),
        "massMessageId": None,
        "createdAt": isoformat(now),
    }
    await uow.synced.add_messages(ws, account_id, [message])
    chat = await uow.synced.chat(ws, account_id, p["fanId"])
    if chat is None:
        fan = await uow.fans.get(ws, account_id, p["fanId"])
        chat = {
            "fanId": p["fanId"],
            "username": fan.username if fan else p["fanId"],
            "name": fan.name if fan else None,
            "unreadCount": 0,
        }
    # An upsert that keeps the newest: two executors sending to one fan at once both land,
    # and the chat ends on the later message whichever commits last.
    await uow.synced.put_chats(
        ws,
        account_id,
        [{**chat, "lastMessage": message, "lastActivityAt": message["createdAt"]}],
        newer_only=True,
    )


async def _unsent(
    uow: UnitOfWork, now: dt.datetime, action: Action, result: dict[str, Any]
) -> None:
    ws, account_id = action.workspace_id, action.account_id
    gone = await uow.synced.remove_messages(
        ws,
        account_id,
        message_id=result.get("messageId"),
        mass_message_id=None if result.get("messageId") else result.get("massMessageId"),
    )
    for fan_id in gone:
        await _point_at_newest(uow, ws, account_id, fan_id)


Effect = Callable[[UnitOfWork, dt.datetime, Action, dict[str, Any]], Awaitable[None]]
EFFECTS: dict[str, Effect] = {"send_message": _sent, "unsend_message": _unsent}
"""The action types whose executed write changes the synced chats, by type: a new one is an
entry here (every other type changes nothing the chats hold)."""


async def _point_at_newest(uow: UnitOfWork, ws: str, account_id: str, fan_id: str) -> None:
    chat = await uow.synced.chat(ws, account_id, fan_id)
    if chat is None:
        return
    newest = await uow.synced.messages(ws, account_id, fan_id, limit=1)
    last = newest[0] if newest else None
    activity = last["createdAt"] if last else chat["lastActivityAt"]
    await uow.synced.put_chats(
        ws, account_id, [{**chat, "lastMessage": last, "lastActivityAt": activity}]
    )
