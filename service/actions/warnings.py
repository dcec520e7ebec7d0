"""Reasons an action may fail once approved, found against synced data before anyone approves.

Pure: the use case hands in the account and the fans the params name. Warnings never block
creation (synced data can be stale: a fan may have subscribed a minute ago); they are shown
above the Approve button so a person does not approve what can only fail.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from service.accounts.model import Account
from service.actions.types import ActionType, Lookup
from service.synced.model import Fan

PLATFORM_MINIMUM_PRICE = 300
"""Cents: the platform refuses a paid message below this (0 means free)."""


def warning(code: str, message: str, param: str | None) -> dict[str, Any]:
    return {"code": code, "message": message, "param": param}


NAMED = 3
"""Ids one warning names; more of the same kind in the same param are one warning counting them,
so a thousand unknown fans make one warning, not a thousand (an action's size stays bounded)."""

_INDEX = re.compile(r"\[\d+\]$")
_MANY: dict[str, str] = {
    "fan_not_found": "{n} fans are not among @{at}'s fans in the last sync",
    "fan_not_subscribed": (
        "{n} fans' subscriptions to @{at} have expired; the platform may refuse the message"
    ),
    "list_not_found": "{n} lists are not among @{at}'s fan lists in the last sync",
    "media_not_found": "{n} media are not in @{at}'s vault in the last sync",
}
"""The sentence for many ids of one code; any other code says it with the param's name."""


def _grouped(found: Iterable[tuple[dict[str, Any], str]], at: str) -> Iterator[dict[str, Any]]:
    """`found` (a warning and the id it is about), with more than NAMED of one code in one
    array param made one warning: its count and its first NAMED ids, `param` the array."""
    groups: dict[tuple[str, str | None], list[tuple[dict[str, Any], str]]] = {}
    for item in found:
        param = item[0]["param"]
        base = _INDEX.sub("", param) if isinstance(param, str) else None
        groups.setdefault((item[0]["code"], base), []).append(item)
    for (code, base), members in groups.items():
        if len(members) <= NAMED or base is None:
            yield from (w for w, _ in members)
            continue
        n = len(members)
        sentence = _MANY.get(code, "{n} of `{param}` are not in @{at}'s synced data")
        names = ", ".join(key for _, key in members[:NAMED])
        yield warning(
            code,
            sentence.format(n=n, at=at, param=base) + f": {names} and {n - NAMED} more.",
            base,
        )


def named_fan_ids(kind: ActionType, params: Mapping[str, Any]) -> list[str]:
    """The fan ids the params name, so the caller can load just those."""
    return [fan_id for _, fan_id in kind.fans(params)]


Found = Mapping[tuple[str, str], dict[str, Any] | None]
"""(family, key) → the synced item, or None when the last sync of that family lacks it. A
family never synced has no keys: nothing can be said about it, so no warning."""

SYNCED: dict[str, tuple[str, str, bool]] = {
    "messages": (
        "message_not_found",
        "Message {key} is not in @{at}'s synced chats (it may be older than the synced window).",
        False,
    ),
    "mass_messages": (
        "mass_message_not_found",
        "Mass message {key} has no copies in @{at}'s synced chats.",
        False,
    ),
    "vault_lists": (
        "vault_list_not_found",
        "Vault list {key} is not among @{at}'s vault lists in the last sync.",
        False,
    ),
    "vault_list_names": (
        "vault_list_name_taken",
        '@{at} already has a vault list named "{key}" in the last sync.',
        True,
    ),
    "posts": ("post_not_found", "Post {key} is not among @{at}'s posts in the last sync.", False),
}
"""Each synced family a `Lookup` may name: its warning's code and sentence, and whether it
warns when the thing is found (a name already taken) rather than when it is missing."""


def warnings_for(
    kind: ActionType,
    params: Mapping[str, Any],
    account: Account,
    fans: Mapping[str, Fan],
    found: Found | None = None,
) -> list[dict[str, Any]]:
    at = account.username
    return [
        *_account(account),
        *_grouped(_fans(kind, params, account, fans), at),
        *_grouped(_lists(kind, params, account), at),
        *_grouped(_media(params, account), at),
        *_price(params),
        *_grouped(_synced(kind.lookups(params), account, found or {}), at),
    ]


Keyed = Iterator[tuple[dict[str, Any], str]]
"""Warnings with the id each is about (for `_grouped`)."""


def _synced(lookups: list[Lookup], account: Account, found: Found) -> Keyed:
    for lookup in lookups:
        if (lookup.family, lookup.key) not in found:
            continue
        item = found[(lookup.family, lookup.key)]
        code, sentence, when_found = SYNCED[lookup.family]
        if when_found:
            if item is None or (
                lookup.unless_id is not None and item.get("id") == lookup.unless_id
            ):
                continue
        elif item is not None:
            continue
        said = sentence.format(key=lookup.key, at=account.username)
        yield warning(code, said, lookup.param), lookup.key


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
) -> Keyed:
    if account.last_synced_at is None:
        return
    for param, fan_id in kind.fans(params):
        fan = fans.get(fan_id)
        if fan is None:
            yield (
                warning(
                    "fan_not_found",
                    f"Fan {fan_id} is not among @{account.username}'s fans in the last sync.",
                    param,
                ),
                fan_id,
            )
        elif kind.needs_subscription and fan.subscription_status != "active":
            yield (
                warning(
                    "fan_not_subscribed",
                    f"{_fan_label(fan)}'s subscription to "
                    f"@{account.username} has expired; the platform may refuse the "
                    "message.",
                    param,
                ),
                fan_id,
            )


def _lists(kind: ActionType, params: Mapping[str, Any], account: Account) -> Keyed:
    if account.fan_lists is None:
        return
    known = {str(item.get("id")) for item in account.fan_lists}
    for param, list_id in kind.lists(params):
        if list_id not in known:
            yield (
                warning(
                    "list_not_found",
                    f"List {list_id} is not one of @{account.username}'s fan lists in the "
                    "last sync.",
                    param,
                ),
                list_id,
            )


def _media(params: Mapping[str, Any], account: Account) -> Keyed:
    if account.media_ids is None:
        return
    known = set(account.media_ids)
    for i, media_id in enumerate(params.get("mediaIds", [])):
        if media_id not in known:
            yield (
                warning(
                    "media_not_found",
                    f"Media {media_id} is not in @{account.username}'s vault in the last sync.",
                    f"mediaIds[{i}]",
                ),
                media_id,
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
