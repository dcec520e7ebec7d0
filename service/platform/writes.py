"""Each action type as one platform write, and the `result` SPEC 2.4 gives for it."""

from __future__ import annotations

import html
from typing import Any

from service.domain.models import Action
from service.platform.errors import PlatformUnavailable
from service.platform.routes import PlatformRequester

MAX_ID = 255


def as_html(text: str) -> str:
    """The platform takes HTML; plain text is escaped and wrapped so it arrives unchanged."""
    return text if "<" in text and ">" in text else f"<p>{html.escape(text)}</p>"


def _price(params: dict[str, Any]) -> dict[str, Any]:
    cents = params.get("priceCents") or 0
    return {"price": cents / 100} if cents else {}


async def perform(platform: PlatformRequester, session: str, action: Action) -> dict[str, Any]:
    """Run the write on the platform (or the sandbox) and shape its answer as `result`."""
    p = action.params

    async def write(route: str, **call: Any) -> Any:
        return _shaped(await platform.request(route, session=session, **call))

    if action.type == "send_message":
        answer = await write(
            "POST /chats/:id/messages",
            path_params={"id": p["fanId"]},
            body={"text": as_html(p["text"]), "mediaFiles": p.get("mediaIds", []), **_price(p)},
        )
        return {"messageId": _id(answer), "fanId": p["fanId"]}
    if action.type == "send_mass_message":
        audience = p["audience"]
        answer = await write(
            "POST /messages/queue",
            body={
                "text": as_html(p["text"]),
                "mediaFiles": p.get("mediaIds", []),
                "userLists": audience.get("listIds", []),
                "userIds": audience.get("fanIds", []),
                "excludeUserLists": audience.get("excludeListIds", []),
                **_price(p),
            },
        )
        return {"massMessageId": _id(answer)}
    if action.type == "unsend_message":
        if p.get("fanId"):
            await write("DELETE /messages/:id", path_params={"id": p["messageId"]})
            return {"messageId": p["messageId"], "fanId": p["fanId"], "unsent": True}
        await write("DELETE /messages/queue/:id", path_params={"id": p["messageId"]})
        return {"massMessageId": p["messageId"], "unsent": True}
    if action.type == "add_fan_to_list":
        await write(
            "POST /lists/:id/users", path_params={"id": p["listId"]}, body={"userIds": [p["fanId"]]}
        )
        return {"fanId": p["fanId"], "listId": p["listId"], "inList": True}
    if action.type == "remove_fan_from_list":
        await write(
            "DELETE /lists/:id/users/:userId", path_params={"id": p["listId"], "userId": p["fanId"]}
        )
        return {"fanId": p["fanId"], "listId": p["listId"], "inList": False}
    raise ValueError(f"unknown action type {action.type}")


def _id(answer: Any) -> str | None:
    """The platform may answer without an id; SPEC 2.4 then wants null, not a made-up value.
    An id that is not a short string or number is an answer we do not understand: the write
    fails with `platform_error` rather than record a made-up `result`."""
    value = answer.get("id") if isinstance(answer, dict) else None
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str) or not 0 < len(value) <= MAX_ID or not value.isprintable():
        raise PlatformUnavailable(
            "The platform answered the write with an id we do not understand.",
            may_have_applied=True,
        )
    return value


def _shaped(answer: Any) -> Any:
    """A write answers a JSON object (or nothing); anything else is not the platform we know."""
    if answer is not None and not isinstance(answer, dict):
        raise PlatformUnavailable(
            "The platform answered the write in a shape we do not understand.",
            may_have_applied=True,
        )
    return answer
