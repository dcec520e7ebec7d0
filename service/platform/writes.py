"""Each action type as one platform write, and the `result` SPEC 2.4 gives for it."""

from __future__ import annotations

import html
from typing import Any

from service.domain.models import Action


def as_html(text: str) -> str:
    """The platform takes HTML; plain text is escaped and wrapped so it arrives unchanged."""
    return text if "<" in text and ">" in text else f"<p>{html.escape(text)}</p>"


def _price(params: dict[str, Any]) -> dict[str, Any]:
    cents = params.get("priceCents") or 0
    return {"price": cents / 100} if cents else {}


async def perform(platform, session: str, action: Action) -> dict[str, Any]:
    """Run the write on the platform (or the sandbox) and shape its answer as `result`."""
    p = action.params
    if action.type == "send_message":
        answer = await platform.request(
            "POST /chats/:id/messages", session=session, path_params={"id": p["fanId"]},
            body={"text": as_html(p["text"]), "mediaFiles": p.get("mediaIds", []), **_price(p)})
        return {"messageId": _id(answer), "fanId": p["fanId"]}
    if action.type == "send_mass_message":
        audience = p["audience"]
        answer = await platform.request("POST /messages/queue", session=session, body={
            "text": as_html(p["text"]), "mediaFiles": p.get("mediaIds", []),
            "userLists": audience.get("listIds", []), "userIds": audience.get("fanIds", []),
            "excludeUserLists": audience.get("excludeListIds", []), **_price(p)})
        return {"massMessageId": _id(answer)}
    if action.type == "unsend_message":
        if p.get("fanId"):
            await platform.request("DELETE /messages/:id", session=session,
                                   path_params={"id": p["messageId"]})
            return {"messageId": p["messageId"], "fanId": p["fanId"], "unsent": True}
        await platform.request("DELETE /messages/queue/:id", session=session,
                               path_params={"id": p["messageId"]})
        return {"massMessageId": p["messageId"], "unsent": True}
    if action.type == "add_fan_to_list":
        await platform.request("POST /lists/:id/users", session=session,
                               path_params={"id": p["listId"]}, body={"userIds": [p["fanId"]]})
        return {"fanId": p["fanId"], "listId": p["listId"], "inList": True}
    if action.type == "remove_fan_from_list":
        await platform.request("DELETE /lists/:id/users/:userId", session=session,
                               path_params={"id": p["listId"], "userId": p["fanId"]})
        return {"fanId": p["fanId"], "listId": p["listId"], "inList": False}
    raise ValueError(f"unknown action type {action.type}")


def _id(answer: Any) -> str | None:
    """The platform may answer without an id; SPEC 2.4 then wants null, not a made-up value."""
    value = answer.get("id") if isinstance(answer, dict) else None
    return None if value is None else str(value)
