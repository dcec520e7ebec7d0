"""Rules of actions that need no I/O: fingerprints, summaries, prices and the expiry view."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from typing import Any

from attrs import evolve

from service.domain.messages import visible_text
from service.domain.models import Action

LIFETIME = dt.timedelta(hours=24)
DECIDABLE = ("pending",)
CURRENCY = "USD"


def fingerprint(account_id: str, mode: str, type_: str, params: dict[str, Any]) -> str:
    """What makes two requests "the same action" for idempotency rules 2, 3 and 5."""
    canonical = json.dumps(
        [account_id, mode, type_, params], sort_keys=True, separators=(",", ":"), ensure_ascii=False
    )
    return hashlib.sha256(canonical.encode()).hexdigest()


def effective(action: Action, now: dt.datetime) -> Action:
    """A pending action past its expiry is expired wherever it is read, before the sweeper runs."""
    if action.status == "pending" and action.expires_at <= now:
        return evolve(action, status="expired")
    return action


def price_of(params: dict[str, Any]) -> dict[str, Any] | None:
    cents = params.get("priceCents") or 0
    return {"amount": cents, "currency": CURRENCY} if cents > 0 else None


def _plain(html: str, limit: int = 60) -> str:
    """The start of what a fan will read (never script or style content, entities decoded)."""
    text = visible_text(html)
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def summarize(
    type_: str, params: dict[str, Any], username: str, recipients: int | None = None
) -> str:
    """One plain sentence a person can approve from."""
    at = f"@{username}"
    extras = []
    if params.get("mediaIds"):
        extras.append(_count(len(params["mediaIds"]), "media item"))
    price = price_of(params)
    paid = f" for ${price['amount'] / 100:,.2f}" if price else ""
    media = f" with {extras[0]}" if extras else ""
    if type_ == "send_message":
        return (
            f"Send a{' paid' if price else ''} message{paid}{media} from {at} to fan "
            f'{params["fanId"]}: "{_plain(params["text"])}".'
        )
    if type_ == "send_mass_message":
        who = _count(recipients, "fan") if recipients is not None else "the chosen audience"
        return (
            f"Send a{' paid' if price else ''} mass message{paid}{media} from {at} to about "
            f'{who}: "{_plain(params["text"])}".'
        )
    if type_ == "unsend_message":
        if params.get("fanId"):
            return (
                f"Unsend message {params['messageId']} from {at}'s chat with fan {params['fanId']}."
            )
        return f"Unsend every copy of mass message {params['messageId']} from {at}."
    if type_ == "add_fan_to_list":
        return f"Add fan {params['fanId']} to {at}'s list {params['listId']}."
    if type_ == "remove_fan_from_list":
        return f"Remove fan {params['fanId']} from {at}'s list {params['listId']}."
    raise ValueError(f"unknown action type {type_}")
