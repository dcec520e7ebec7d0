"""What an executed write changes in the synced chats, without waiting for the next sync.

A sent message is added to its chat (and becomes the chat's last message); an unsent one, or
every copy of an unsent mass message, is removed, and each chat it left points at its newest
remaining message. The next sync then finds these chats unchanged and re-reads nothing. Which
change a write makes is its action type's (`synced_effect` in service/actions/types/); this
module applies a change whatever type made it.
"""

from __future__ import annotations

import datetime as dt

from service.domain.clock import isoformat
from service.ports import Store, UnitOfWork
from service.synced.model import ChatChange, MessageSent, MessagesUnsent


async def record_write(
    store: Store, now: dt.datetime, workspace_id: str, account_id: str, change: ChatChange
) -> None:
    async with store.transaction() as uow:
        match change:
            case MessageSent():
                await _sent(uow, now, workspace_id, account_id, change)
            case MessagesUnsent():
                await _unsent(uow, workspace_id, account_id, change)


async def _sent(
    uow: UnitOfWork, now: dt.datetime, ws: str, account_id: str, sent: MessageSent
) -> None:
    cents = sent.price_cents
    message = {
        "id": sent.message_id,
        "fanId": sent.fan_id,
        "fromCreator": True,
        "text": sent.text,
        "price": {"amount": cents, "currency": "USD"} if cents else None,
        "mediaIds": list(sent.media_ids),
        "massMessageId": None,
        "createdAt": isoformat(now),
    }
    await uow.synced.add_messages(ws, account_id, [message])
    chat = await uow.synced.chat(ws, account_id, sent.fan_id)
    if chat is None:
        fan = await uow.fans.get(ws, account_id, sent.fan_id)
        chat = {
            "fanId": sent.fan_id,
            "username": fan.username if fan else sent.fan_id,
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


async def _unsent(uow: UnitOfWork, ws: str, account_id: str, unsent: MessagesUnsent) -> None:
    gone = await uow.synced.remove_messages(
        ws, account_id, message_id=unsent.message_id, mass_message_id=unsent.mass_message_id
    )
    for fan_id in gone:
        await _point_at_newest(uow, ws, account_id, fan_id)


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
