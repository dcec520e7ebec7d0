"""Messages: `send_message`, `send_mass_message` and `unsend_message`."""

from __future__ import annotations

from typing import Any

from service.actions.model import Action
from service.actions.types.context import RECENT, fan_card, fan_of
from service.actions.types.reads import Reads
from service.actions.types.registry import (
    ActionType,
    Audience,
    Json,
    Params,
    PlatformCall,
    SummaryNames,
    count,
    fan_named,
    paid_message,
    performs,
    plain,
    platform_price,
    register,
)
from service.domain.item_families import ItemFamily
from service.synced.model import MessageSent, MessagesUnsent


async def _chat_context(reads: Reads, action: Action) -> Json:
    """The fan (name, subscription, spend) and the chat's last messages."""
    prm, ws, account_id = action.params or {}, action.workspace_id, action.account_id
    fan_id = prm.get("fanId")
    if not isinstance(fan_id, str):
        return {}
    recent = await reads.synced.messages(ws, account_id, fan_id, limit=RECENT)
    return {
        "fan": await fan_of(reads, action, fan_id),
        "spend": (await reads.synced.fan_spend(ws, account_id, fan_id))["gross"],
        "recent": list(reversed(recent)),
    }


def _message_sent(p: Params, result: Json) -> MessageSent | None:
    made = result.get("messageId")
    if not made:
        return None
    return MessageSent(
        fan_id=p["fanId"],
        message_id=str(made),
        text=p["text"],
        price_cents=p.get("priceCents") or 0,
        media_ids=tuple(p.get("mediaIds") or ()),
    )


def _messages_unsent(p: Params, result: Json) -> MessagesUnsent:
    """One message from the fan's chat with `fanId`; every copy of a mass message without."""
    if p.get("fanId"):
        return MessagesUnsent(message_id=p["messageId"])
    return MessagesUnsent(mass_message_id=p["messageId"])


register(
    ActionType(
        name="send_message",
        label="Send a message",
        params_schema="SendMessageParams",
        result_schemas=("SendMessageResult",),
        summary=lambda p, at, _, n: (
            f"Send {paid_message(p, 'message')} from {at} to "
            f'{n.fan(p["fanId"])}: "{plain(p["text"])}".'
        ),
        call=lambda p: PlatformCall(
            "POST /chats/:id/messages",
            {"id": p["fanId"]},
            {"text": p["text"], "mediaFiles": p.get("mediaIds", []), **platform_price(p)},
        ),
        result=lambda p, made: {"messageId": made, "fanId": p["fanId"]},
        returns_id=True,
        estimate=lambda p: 1,
        fans=fan_named,
        needs_subscription=True,
        description="Sends a message (free or paid, with vault media) to one fan's chat.",
        performs=(
            performs(
                "POST /chats/:id/messages",
                ("fanId", "path id"),
                ("text", "body text"),
                ("mediaIds", "body mediaFiles"),
                ("priceCents", "body price", "in cents: dollars × 100"),
            ),
        ),
        approval=_chat_context,
        synced_effect=_message_sent,
    )
)


def _audience(params: Params) -> Audience:
    audience = params["audience"]
    return Audience(
        list(audience.get("fanIds", [])),
        list(audience.get("listIds", [])),
        list(audience.get("excludeListIds", [])),
    )


def _first_three(names: list[str], more: str) -> list[str]:
    """A long audience is named by its first three and a count, as the inbox shows it."""
    return names[:3] + ([count(len(names) - 3, more)] if names[3:] else [])


def _mass_summary(params: Params, at: str, recipients: int | None, n: SummaryNames) -> str:
    who = count(recipients, "fan") if recipients is not None else "the chosen audience"
    audience = params.get("audience") or {}
    lists = [n.fan_list(list_id) for list_id in audience.get("listIds") or []]
    left_out = [n.fan_list(list_id) for list_id in audience.get("excludeListIds") or []]
    fans = [n.fan(fan_id) for fan_id in audience.get("fanIds") or []]
    among = ", ".join(_first_three(lists, "more list") + _first_three(fans, "more fan"))
    if among:
        who += f" ({among})"
    if left_out:
        who += ", leaving out " + ", ".join(_first_three(left_out, "more list"))
    return (
        f"Send {paid_message(params, 'mass message')} from {at} to about "
        f'{who}: "{plain(params["text"])}".'
    )


async def _audience_context(reads: Reads, action: Action) -> Json:
    """Each list by name with its size, the excluded lists, the estimate."""
    audience = (action.params or {}).get("audience") or {}

    async def named(ids: Any) -> list[dict[str, Any]]:
        found = []
        for list_id in ids if isinstance(ids, list) else []:
            item = await reads.synced.item(
                action.workspace_id, action.account_id, ItemFamily.FAN_LISTS, str(list_id)
            )
            found.append(item or {"id": str(list_id), "name": None, "fansCount": None})
        return found

    return {
        "lists": await named(audience.get("listIds")),
        "excluded": await named(audience.get("excludeListIds")),
        "fan_count": len(audience.get("fanIds") or []),
        "estimate": action.estimated_recipients,
    }


register(
    ActionType(
        name="send_mass_message",
        label="Send a mass message",
        params_schema="SendMassMessageParams",
        result_schemas=("SendMassMessageResult",),
        summary=_mass_summary,
        call=lambda p: PlatformCall(
            "POST /messages/queue",
            body={
                "text": p["text"],
                "mediaFiles": p.get("mediaIds", []),
                "userLists": _audience(p).list_ids,
                "userIds": _audience(p).fan_ids,
                "excludeUserLists": _audience(p).exclude_list_ids,
                **platform_price(p),
            },
        ),
        result=lambda p, made: {"massMessageId": made},
        returns_id=True,
        estimate=_audience,
        fans=lambda p: [(f"audience.fanIds[{i}]", f) for i, f in enumerate(_audience(p).fan_ids)],
        lists=lambda p: [
            (f"audience.{key}[{i}]", list_id)
            for key in ("listIds", "excludeListIds")
            for i, list_id in enumerate(p["audience"].get(key, []))
        ],
        needs_subscription=True,
        description=(
            "Queues a mass message to fan lists and named fans, leaving out excluded lists; "
            "each fan gets a copy carrying the mass message's id."
        ),
        performs=(
            performs(
                "POST /messages/queue",
                ("text", "body text"),
                ("mediaIds", "body mediaFiles"),
                ("audience.listIds", "body userLists"),
            ),
        ),
        approval=_audience_context,
    )
)


def _unsend_summary(params: Params, at: str, recipients: int | None, n: SummaryNames) -> str:
    if params.get("fanId"):
        chat = n.fan(params["fanId"])
        return f"Unsend message {params['messageId']} from {at}'s chat with {chat}."
    return f"Unsend every copy of mass message {params['messageId']} from {at}."


async def _unsend_context(reads: Reads, action: Action) -> Json:
    """The message being unsent (text, when, to whom), or for a mass message how many copies
    it left and to whom."""
    prm, ws, account_id = action.params or {}, action.workspace_id, action.account_id
    if not isinstance(prm.get("messageId"), str):
        return {}
    if isinstance(prm.get("fanId"), str):
        return {
            "fan": await fan_of(reads, action, prm["fanId"]),
            "unsending": await reads.synced.message(ws, account_id, prm["messageId"]),
        }
    total, copies = await reads.synced.copies_of(ws, account_id, prm["messageId"])
    fans = await reads.fans.get_many(ws, account_id, [c["fanId"] for c in copies])
    return {
        "unsending": copies[0] if copies else None,
        "copies": total,
        "copy_fans": [fan_card(f, f.id) for f in fans],
    }


register(
    ActionType(
        name="unsend_message",
        label="Unsend a message",
        params_schema="UnsendMessageParams",
        result_schemas=("UnsendMessageResult", "UnsendMassMessageResult"),
        summary=_unsend_summary,
        call=lambda p: (
            PlatformCall("DELETE /messages/:id", {"id": p["messageId"]})
            if p.get("fanId")
            else PlatformCall("DELETE /messages/queue/:id", {"id": p["messageId"]})
        ),
        result=lambda p, made: (
            {"messageId": p["messageId"], "fanId": p["fanId"], "unsent": True}
            if p.get("fanId")
            else {"massMessageId": p["messageId"], "unsent": True}
        ),
        description=(
            "Unsends one of the creator's messages from a fan's chat (with `fanId`), or every "
            "copy of a mass message (its `massMessageId`, without `fanId`)."
        ),
        performs=(
            performs(
                "DELETE /messages/:id",
                ("messageId", "path id"),
                ("fanId", "the fan whose chat holds the message", "required for this route"),
            ),
            performs(
                "DELETE /messages/queue/:id",
                ("messageId", "path id", "the massMessageId; leave fanId out"),
            ),
        ),
        approval=_unsend_context,
        synced_effect=_messages_unsent,
    )
)
