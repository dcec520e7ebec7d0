"""Reasons an action may fail once approved, found against synced data before anyone approves.

Pure: the use case hands in the account and the fans the params name. Warnings never block
creation (synced data can be stale: a fan may have subscribed a minute ago); they are shown
above the Approve button so a person does not approve what can only fail.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from service.actions.types import ActionType
from service.domain.models import Account, Fan

PLATFORM_MINIMUM_PRICE = 300
"""Cents: the platform refuses a paid message below this (0 means free)."""


def warning(code: str, message: str, param: str | None) -> dict[str, Any]:
    return {"code": code, "message": message, "param": param}


def named_fan_ids(kind: ActionType, params: Mapping[str, Any]) -> list[str]:
    """The fan ids the params name, so the caller can load just those."""
    return [fan_id for _, fan_id in kind.fans(params)]


def warnings_for(
    kind: ActionType, params: Mapping[str, Any], account: Account, fans: Mapping[str, Fan]
) -> list[dict[str, Any]]:
    return [
        *_account(account),
        *_fans(kind, params, account, fans),
        *_lists(kind, params, account),
        *_media(params, account),
        *_price(params),
    ]


def _account(account: Account) -> Iterator[dict[str, Any]]:
    if account.status != "healthy":
        yield warning(
            "account_unhealthy",
            f"@{account.username} is {account.status}"
            + (f": {account.status_reason}" if account.status_reason else ".")
            + " The action may fail when it runs.",
            None,
        )


def _fans(
    kind: ActionType, params: Mapping[str, Any], account: Account, fans: Mapping[str, Fan]
) -> Iterator[dict[str, Any]]:
    if account.last_synced_at is None:
        return
    for param, fan_id in kind.fans(params):
        fan = fans.get(fan_id)
        if fan is None:
            yield warning(
                "fan_not_found",
                f"Fan {fan_id} is not among @{account.username}'s fans in the last sync.",
                param,
            )
        elif kind.needs_subscription and fan.subscription_status != "active":
            yield warning(
                "fan_not_subscribed",
                f"{_fan_label(fan)}'s subscription to "
                f"@{account.username} has expired; the platform may refuse the "
                "message.",
                param,
            )


def _lists(
    kind: ActionType, params: Mapping[str, Any], account: Account
) -> Iterator[dict[str, Any]]:
    if account.fan_lists is None:
        return
    known = {str(item.get("id")) for item in account.fan_lists}
    for param, list_id in kind.lists(params):
        if list_id not in known:
            yield warning(
                "list_not_found",
                f"List {list_id} is not one of @{account.username}'s fan lists in the last sync.",
                param,
            )


def _media(params: Mapping[str, Any], account: Account) -> Iterator[dict[str, Any]]:
    if account.media_ids is None:
        return
    known = set(account.media_ids)
    for i, media_id in enumerate(params.get("mediaIds", [])):
        if media_id not in known:
            yield warning(
                "media_not_found",
                f"Media {media_id} is not in @{account.username}'s vault in the last sync.",
                f"mediaIds[{i}]",
            )


def _price(params: Mapping[str, Any]) -> Iterator[dict[str, Any]]:
    cents = params.get("priceCents") or 0
    if 0 < cents < PLATFORM_MINIMUM_PRICE:
        yield warning(
            "price_below_platform_minimum",
            f"${cents / 100:.2f} is under the "
            f"platform's minimum of ${PLATFORM_MINIMUM_PRICE / 100:.2f} for a paid "
            "message; the platform will refuse it.",
            "priceCents",
        )


def _fan_label(fan: Fan) -> str:
    return f"{fan.name} (@{fan.username})" if fan.name else f"@{fan.username}"
