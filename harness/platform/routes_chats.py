"""Chats and messages: the routes the service's send/unsend actions write through.

A chat id is the fan's id. Any fan (active or expired) can be messaged; the chat is opened on
the first message. A mass message (`POST /messages/queue`) goes to the members of `userLists`
plus `userIds`, minus the members of `excludeUserLists`, and leaves one copy in each chat with
`massMessageId` set to the queue id; unsending it (`DELETE /messages/queue/:id`) removes every
copy. `price` is in dollars; a paid message costs at least 3.
"""

from __future__ import annotations

from typing import Any

from .http import ApiError, Call, bad_request, not_found, page
from .models import Message, QueueEntry
from .views import chat_view, message_view, queue_view

MIN_PRICE = 3
MAX_PRICE = 20_000


def _price(call: Call) -> float:
    price = call.body.get("price", 0) or 0
    if isinstance(price, bool) or not isinstance(price, (int, float)):
        raise bad_request("price must be a number of dollars.")
    if price < 0 or price > MAX_PRICE or round(price, 2) != price:
        raise bad_request(f"price must be between 0 and {MAX_PRICE} with at most two decimals.")
    if 0 < price < MIN_PRICE:
        raise bad_request(f"The minimum price of a paid message is {MIN_PRICE} dollars.")
    return price


def _media(call: Call) -> list[str]:
    ids = call.ids("mediaFiles")
    for media_id in ids:
        if media_id not in call.me.media:
            raise not_found("media", f"No vault media with id {media_id}.")
    return ids


def list_chats(call: Call) -> dict[str, Any]:
    me = call.me
    chats = [(fid, msgs) for fid, msgs in me.chats.items() if msgs and fid in me.fans]
    chats.sort(key=lambda item: item[1][-1].created_at, reverse=True)
    return page((chat_view(me, me.fans[fid], msgs) for fid, msgs in chats), call)


def chat_messages(call: Call) -> dict[str, Any]:
    fan = call.fan(call.params["id"], kind="chat")
    messages = list(call.me.chats.get(fan.id, []))
    if call.query.get("order", "desc") == "desc":
        messages.reverse()
    return page((message_view(call.me, m) for m in messages), call)


def search_messages(call: Call) -> dict[str, Any]:
    fan = call.fan(call.params["id"], kind="chat")
    keyword = call.query.get("query", "").strip().lower()
    if not keyword:
        raise bad_request("query is required.")
    found = [m for m in reversed(call.me.chats.get(fan.id, [])) if keyword in m.text.lower()]
    return page((message_view(call.me, m) for m in found), call)


def mark_as_read(call: Call) -> dict[str, Any]:
    fan = call.fan(call.params["id"], kind="chat")
    for message in call.me.chats.get(fan.id, []):
        message.read = True
    return {"success": True}


def send_message(call: Call) -> dict[str, Any]:
    fan = call.fan(call.params["id"], kind="chat")
    text, price, media = call.html(), _price(call), _media(call)
    message = Message(
        id=call.state.new_id(),
        fan_id=fan.id,
        from_creator=True,
        text=text,
        price=price,
        media_ids=media,
        created_at=call.now,
    )
    call.me.chats.setdefault(fan.id, []).append(message)
    return message_view(call.me, message)


def _members(call: Call, list_ids: list[str]) -> list[str]:
    members: list[str] = []
    for list_id in list_ids:
        fan_list = call.me.lists.get(list_id)
        if fan_list is None:
            raise not_found("list", f"No fan list with id {list_id}.")
        members.extend(fan_list.user_ids)
    return members


def queue_message(call: Call) -> dict[str, Any]:
    me = call.me
    text, price, media = call.html(), _price(call), _media(call)
    lists, user_ids = call.ids("userLists"), call.ids("userIds")
    excluded = set(_members(call, call.ids("excludeUserLists")))
    if not lists and not user_ids:
        raise bad_request("Give userLists or userIds: a mass message needs recipients.")
    for fan_id in user_ids:
        call.fan(fan_id)
    recipients = list(
        dict.fromkeys(fid for fid in _members(call, lists) + user_ids if fid not in excluded)
    )
    entry = QueueEntry(
        id=call.state.new_id(),
        text=text,
        price=price,
        media_ids=media,
        user_lists=lists,
        user_ids=user_ids,
        exclude_lists=call.ids("excludeUserLists"),
        created_at=call.now,
        recipients=recipients,
    )
    me.queue[entry.id] = entry
    for fan_id in recipients:
        me.chats.setdefault(fan_id, []).append(
            Message(
                id=call.state.new_id(),
                fan_id=fan_id,
                from_creator=True,
                text=text,
                price=price,
                media_ids=list(media),
                created_at=call.now,
                mass_message_id=entry.id,
            )
        )
    return {"id": entry.id, "success": True, "total": len(recipients)}


def list_queue(call: Call) -> dict[str, Any]:
    entries = sorted(call.me.queue.values(), key=lambda e: e.created_at, reverse=True)
    return page((queue_view(e) for e in entries), call)


def _entry(call: Call) -> QueueEntry:
    entry = call.me.queue.get(call.params["id"])
    if entry is None:
        raise not_found("queue", f"No mass message with id {call.params['id']}.")
    return entry


def update_queue(call: Call) -> dict[str, Any]:
    entry = _entry(call)
    entry.text = call.html()
    for messages in call.me.chats.values():
        for message in messages:
            if message.mass_message_id == entry.id:
                message.text = entry.text
    return queue_view(entry)


def unsend_queue(call: Call) -> dict[str, Any]:
    entry = _entry(call)
    removed = 0
    for fan_id, messages in call.me.chats.items():
        kept = [m for m in messages if m.mass_message_id != entry.id]
        removed += len(messages) - len(kept)
        call.me.chats[fan_id] = kept
    del call.me.queue[entry.id]
    return {"id": entry.id, "success": True, "removed": removed}


def _message(call: Call) -> Message:
    message = call.me.find_message(call.params["id"])
    if message is None:
        raise not_found("message", f"No message with id {call.params['id']}.")
    return message


def unsend_message(call: Call) -> dict[str, Any]:
    message = _message(call)
    if not message.from_creator:
        raise ApiError(400, "bad_request", "Only your own messages can be unsent.")
    call.me.chats[message.fan_id].remove(message)
    return {"id": message.id, "success": True}


def like(call: Call) -> dict[str, Any]:
    message = _message(call)
    message.liked = True
    return {"id": message.id, "isLiked": True, "success": True}


def unlike(call: Call) -> dict[str, Any]:
    message = _message(call)
    message.liked = False
    return {"id": message.id, "isLiked": False, "success": True}


ROUTES = [
    ("GET /chats", list_chats),
    ("GET /chats/:id/messages", chat_messages),
    ("GET /chats/:id/messages/search", search_messages),
    ("POST /chats/:id/mark-as-read", mark_as_read),
    ("POST /chats/:id/messages", send_message),
    ("POST /messages/queue", queue_message),
    ("GET /messages/queue", list_queue),
    ("PUT /messages/queue/:id", update_queue),
    ("DELETE /messages/queue/:id", unsend_queue),
    ("POST /messages/:id/like", like),
    ("DELETE /messages/:id/like", unlike),
    ("DELETE /messages/:id", unsend_message),
]
