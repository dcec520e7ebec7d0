"""The action types. Each is one `ActionType` entry in `REGISTRY`; creation, warnings, the
approval page, the executor and the platform call all read the entry, so a new type is one
`register(...)` here plus its params and result schemas in openapi.yaml (the edge validates
params against them; tests/actions/test_registry.py checks the names agree).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from attrs import field, frozen

from service.domain.messages import visible_text

Params = Mapping[str, Any]
Json = dict[str, Any]
Named = list[tuple[str, str]]
"""(param path, id) pairs, e.g. ("audience.fanIds[2]", "40012"): what a warning points at."""

CURRENCY = "USD"


@frozen
class PlatformCall:
    """One platform route (service/platform/routes.py) with its path parameters and body."""

    route: str
    path_params: dict[str, str] = field(factory=dict)
    body: Json | None = None


@frozen
class Audience:
    """Whom a mass message reaches; creation counts it in the database for the estimate."""

    fan_ids: list[str]
    list_ids: list[str]
    exclude_list_ids: list[str]


def _nothing(params: Params) -> Named:
    return []


def _no_estimate(params: Params) -> int | Audience | None:
    return None


@frozen
class ActionType:
    name: str
    params_schema: str
    """openapi.yaml's component for the request's `params`."""
    result_schemas: tuple[str, ...]
    """openapi.yaml's components `result` takes in live mode."""
    summary: Callable[[Params, str, int | None], str]
    """One plain sentence a person can approve from: (params, "@username", recipients)."""
    call: Callable[[Params], PlatformCall]
    """The platform write it runs as, from the params as stored (sent unchanged)."""
    result: Callable[[Params, str | None], Json]
    """`result` from the params and the id the platform gave what it made (None if none)."""
    returns_id: bool = False
    """The platform's answer carries the id of what the write made."""
    estimate: Callable[[Params], int | Audience | None] = _no_estimate
    fans: Callable[[Params], Named] = _nothing
    """Fans to check against the last sync (a warning when one is not found)."""
    lists: Callable[[Params], Named] = _nothing
    """Fan lists to check against the last sync."""
    needs_subscription: bool = False
    """Warn when a named fan's subscription has lapsed (messages only)."""


REGISTRY: dict[str, ActionType] = {}


def register(kind: ActionType) -> ActionType:
    if kind.name in REGISTRY:
        raise ValueError(f"action type {kind.name} is already registered")
    REGISTRY[kind.name] = kind
    return kind


def type_of(name: str) -> ActionType:
    return REGISTRY[name]


def names() -> tuple[str, ...]:
    return tuple(REGISTRY)


# --- helpers the entries share ---------------------------------------------------------


def price_of(params: Params) -> Json | None:
    cents = params.get("priceCents") or 0
    return {"amount": cents, "currency": CURRENCY} if cents > 0 else None


def _platform_price(params: Params) -> Json:
    cents = params.get("priceCents") or 0
    return {"price": cents / 100} if cents else {}


def _plain(markup: str, limit: int = 60) -> str:
    """The start of what a fan will read (never script or style content, entities decoded)."""
    text = visible_text(markup)
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _paid_message(params: Params, what: str) -> str:
    """ "a paid message for $5.00 with 2 media items" and its plainer forms."""
    price = price_of(params)
    paid = f" for ${price['amount'] / 100:,.2f}" if price else ""
    media = (
        f" with {_count(len(params['mediaIds']), 'media item')}" if params.get("mediaIds") else ""
    )
    return f"a{' paid' if price else ''} {what}{paid}{media}"


def _fan(params: Params) -> Named:
    return [("fanId", params["fanId"])]


def _list(params: Params) -> Named:
    return [("listId", params["listId"])] if params.get("listId") else []


# --- the types -------------------------------------------------------------------------

register(
    ActionType(
        name="send_message",
        params_schema="SendMessageParams",
        result_schemas=("SendMessageResult",),
        summary=lambda p, at, _: (
            f"Send {_paid_message(p, 'message')} from {at} to fan "
            f'{p["fanId"]}: "{_plain(p["text"])}".'
        ),
        call=lambda p: PlatformCall(
            "POST /chats/:id/messages",
            {"id": p["fanId"]},
            {"text": p["text"], "mediaFiles": p.get("mediaIds", []), **_platform_price(p)},
        ),
        result=lambda p, made: {"messageId": made, "fanId": p["fanId"]},
        returns_id=True,
        estimate=lambda p: 1,
        fans=_fan,
        needs_subscription=True,
    )
)


def _audience(params: Params) -> Audience:
    audience = params["audience"]
    return Audience(
        list(audience.get("fanIds", [])),
        list(audience.get("listIds", [])),
        list(audience.get("excludeListIds", [])),
    )


def _mass_summary(params: Params, at: str, recipients: int | None) -> str:
    who = _count(recipients, "fan") if recipients is not None else "the chosen audience"
    return (
        f"Send {_paid_message(params, 'mass message')} from {at} to about "
        f'{who}: "{_plain(params["text"])}".'
    )


register(
    ActionType(
        name="send_mass_message",
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
                **_platform_price(p),
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
    )
)


def _unsend_summary(params: Params, at: str, recipients: int | None) -> str:
    if params.get("fanId"):
        return f"Unsend message {params['messageId']} from {at}'s chat with fan {params['fanId']}."
    return f"Unsend every copy of mass message {params['messageId']} from {at}."


register(
    ActionType(
        name="unsend_message",
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
    )
)

register(
    ActionType(
        name="add_fan_to_list",
        params_schema="AddFanToListParams",
        result_schemas=("AddFanToListResult",),
        summary=lambda p, at, _: f"Add fan {p['fanId']} to {at}'s list {p['listId']}.",
        call=lambda p: PlatformCall(
            "POST /lists/:id/users", {"id": p["listId"]}, {"userIds": [p["fanId"]]}
        ),
        result=lambda p, made: {"fanId": p["fanId"], "listId": p["listId"], "inList": True},
        fans=_fan,
        lists=_list,
    )
)

register(
    ActionType(
        name="remove_fan_from_list",
        params_schema="RemoveFanFromListParams",
        result_schemas=("RemoveFanFromListResult",),
        summary=lambda p, at, _: f"Remove fan {p['fanId']} from {at}'s list {p['listId']}.",
        call=lambda p: PlatformCall(
            "DELETE /lists/:id/users/:userId", {"id": p["listId"], "userId": p["fanId"]}
        ),
        result=lambda p, made: {"fanId": p["fanId"], "listId": p["listId"], "inList": False},
        fans=_fan,
        lists=_list,
    )
)
