"""Chats and messages already sent: `mark_chat_read`, `like_message`, `unlike_message` and
`edit_mass_message`."""

from __future__ import annotations

from service.actions.model import Action
from service.actions.types.context import RECENT, fan_of, word_diff
from service.actions.types.reads import Reads
from service.actions.types.registry import (
    ActionType,
    Json,
    Lookup,
    PlatformCall,
    fan_named,
    performs,
    plain,
    register,
)


async def _chat_context(reads: Reads, action: Action) -> Json:
    """The fan and the chat's last messages: what marking it read acknowledges."""
    fan_id = str((action.params or {}).get("fanId", ""))
    recent = await reads.synced.messages(
        action.workspace_id, action.account_id, fan_id, limit=RECENT
    )
    return {"fan": await fan_of(reads, action, fan_id), "recent": list(reversed(recent))}


register(
    ActionType(
        name="mark_chat_read",
        label="Mark a chat as read",
        params_schema="MarkChatReadParams",
        result_schemas=("MarkChatReadResult",),
        summary=lambda p, at, _, n: f"Mark {at}'s chat with {n.fan(p['fanId'])} as read.",
        call=lambda p: PlatformCall("POST /chats/:id/mark-as-read", {"id": p["fanId"]}),
        result=lambda p, made: {"fanId": p["fanId"], "read": True},
        fans=fan_named,
        description=(
            "Marks every message of a fan's chat as read (the chat id is the fan's id): the "
            "fan sees them read and the chat leaves the creator's unread count."
        ),
        performs=(performs("POST /chats/:id/mark-as-read", ("fanId", "path id")),),
        approval=_chat_context,
    )
)


def _message(param: str) -> Lookup:
    return Lookup("messageId", "messages", param)


async def _message_context(reads: Reads, action: Action) -> Json:
    """The message (text, when, from whom) and the fan whose chat holds it."""
    message_id = str((action.params or {}).get("messageId", ""))
    message = await reads.synced.message(action.workspace_id, action.account_id, message_id)
    if message is None:
        return {"message": None}
    return {"message": message, "fan": await fan_of(reads, action, str(message["fanId"]))}


register(
    ActionType(
        name="like_message",
        label="Like a message",
        params_schema="LikeMessageParams",
        result_schemas=("LikeMessageResult",),
        summary=lambda p, at, _, n: f"Like message {p['messageId']} in {at}'s chats.",
        call=lambda p: PlatformCall("POST /messages/:id/like", {"id": p["messageId"]}),
        result=lambda p, made: {"messageId": p["messageId"], "liked": True},
        lookups=lambda p: [_message(p["messageId"])],
        description="Likes a message in one of the creator's chats (the fan sees the like).",
        performs=(performs("POST /messages/:id/like", ("messageId", "path id")),),
        approval=_message_context,
    )
)

register(
    ActionType(
        name="unlike_message",
        label="Unlike a message",
        params_schema="UnlikeMessageParams",
        result_schemas=("UnlikeMessageResult",),
        summary=lambda p, at, _, n: f"Remove {at}'s like from message {p['messageId']}.",
        call=lambda p: PlatformCall("DELETE /messages/:id/like", {"id": p["messageId"]}),
        result=lambda p, made: {"messageId": p["messageId"], "liked": False},
        lookups=lambda p: [_message(p["messageId"])],
        description="Removes the creator's like from a message in one of their chats.",
        performs=(performs("DELETE /messages/:id/like", ("messageId", "path id")),),
        approval=_message_context,
    )
)


async def _edit_context(reads: Reads, action: Action) -> Json:
    """The text fans have now beside the new one, as a word diff, and how many copies change."""
    prm = action.params or {}
    total, copies = await reads.synced.copies_of(
        action.workspace_id, action.account_id, str(prm.get("massMessageId", ""))
    )
    current = copies[0]["text"] if copies else None
    new = str(prm.get("text", ""))
    return {
        "edit": {
            "current": current,
            "new": new,
            "diff": word_diff(current, new) if current is not None else None,
            "copies": total,
        }
    }


register(
    ActionType(
        name="edit_mass_message",
        label="Edit a mass message",
        params_schema="EditMassMessageParams",
        result_schemas=("EditMassMessageResult",),
        summary=lambda p, at, _, n: (
            f"Change the text of {at}'s mass message {p['massMessageId']} to: "
            f'"{plain(p["text"])}".'
        ),
        call=lambda p: PlatformCall(
            "PUT /messages/queue/:id", {"id": p["massMessageId"]}, {"text": p["text"]}
        ),
        result=lambda p, made: {"massMessageId": p["massMessageId"], "edited": True},
        lookups=lambda p: [Lookup("massMessageId", "mass_messages", p["massMessageId"])],
        description=(
            "Replaces the text of a queued mass message; every copy fans have shows the new "
            "text (made into safe HTML once, at creation, as a message's text is)."
        ),
        performs=(
            performs(
                "PUT /messages/queue/:id", ("massMessageId", "path id"), ("text", "body text")
            ),
        ),
        approval=_edit_context,
    )
)
