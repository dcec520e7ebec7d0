"""What an executed write changes in the synced chats, without waiting for the next sync.

A sent message is added to its chat (and becomes the chat's last message); an unsent one, or
every copy of an unsent mass message, is removed, and each chat it left points at its newest
remaining message. The next sync then finds these chats unchanged and re-reads nothing.
Test-mode writes never reached anything, so they change nothing here.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from service.actions.model import Action
from service.domain.clock import isoformat
from service.ports import Store, UnitOfWork


async def record_write(
    store: Store, now: dt.datetime, action: Action, result: dict[str, Any] | None
) -> None:
    if not result or result.get("simulated"):
        return
    ws, account_id = action.workspace_id, action.account_id
    async with store.transaction() as uow:
        if action.type == "send_message" and result.get("messageId"):
            await _sent(uow, now, action, str(result["messageId"]))
        elif action.type == "unsend_message":
            gone = await uow.synced.remove_messages(
                ws,
                account_id,
                message_id=result.get("messageId"),
                mass_message_id=None if result.get("messageId") else result.get("massMessageId"),
            )
            for fan_id in gone:
                await _point_at_newest(uow, ws, account_id, fan_id)


async def _sent(uow: UnitOfWork, now: dt.datetime, action: Action, message_id: str) -> None:
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
    await uow.synced.put_chats(
        ws, account_id, [{**chat, "lastMessage": message, "lastActivityAt": message["createdAt"]}]
    )


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
