"""The dashboard's template environment and the filters its templates format values with:
times, money, JSON, audit details, policy rules, messages' HTML."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import jinja2
from markupsafe import Markup, escape

from service.actions.policies.policy import allowance_of
from service.actions.types import REGISTRY
from service.dashboard.sanitize import message_html


def make_templates() -> jinja2.Environment:
    """The dashboard's templates, package data (importlib.resources finds them in a wheel)."""
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("service.dashboard", "templates"), autoescape=True
    )
    env.filters.update(
        when=when,
        money=money,
        left=time_left,
        message=message_html,
        pretty=pretty,
        detail=detail,
        rule=rule_words,
        allowance_name=lambda rule: allowance_of(rule).name,
        types=type_words,
    )
    return env


def type_words(types: Any) -> str:
    """Action types as people say them: "Send a message, Send a mass message"."""
    return ", ".join(REGISTRY[t].label if t in REGISTRY else str(t) for t in types or ())


def rule_words(rule: dict[str, Any]) -> str:
    """One approval rule as a sentence: "Send a mass message from 1000 recipients: 2 different
    people, admins and owners only"."""
    where = []
    if rule.get("minPriceCents") is not None:
        where.append(f"from ${rule['minPriceCents'] / 100:,.2f}")
    if rule.get("minRecipients") is not None:
        where.append(f"from {rule['minRecipients']} recipients")
    who = "admins and owners only" if rule.get("approvers") == "admins" else "any member"
    count = "2 different people" if rule.get("approvals") == 2 else "1 approval"
    scope = " ".join([type_words(rule.get("types")), *where])
    escalate = rule.get("escalateAfterMinutes")
    then = f"; escalated after {escalate} min pending" if escalate else ""
    if rule.get("approvals") == 0:
        state = ""
        if rule.get("shadow"):
            state = " (in shadow: approves nothing, marks what it would have approved)"
        elif rule.get("paused"):
            state = " (paused: 1 approval until resumed)"
        return (
            f"{scope}: approved by the policy, up to {rule.get('maxPerDay')} per account in "
            f"any 24 hours; then 1 approval, {who}{state}{then}"
        )
    return f"{scope}: {count}, {who}{then}"


def when(value: dt.datetime | str | None) -> Markup:
    """One format everywhere: UTC on the server, the viewer's own zone once app.js runs."""
    if isinstance(value, str):
        try:
            value = dt.datetime.fromisoformat(value)
        except ValueError:
            return Markup("—")
    if not value:
        return Markup("—")
    value = value.astimezone(dt.UTC)
    iso = value.isoformat(timespec="seconds").replace("+00:00", "Z")
    shown = value.strftime("%d %b %Y, %H:%M UTC")
    return Markup(f'<time datetime="{escape(iso)}">{escape(shown)}</time>')


def pretty(value: Any) -> str:
    """Readable JSON as plain text (autoescaped on output, unlike `tojson`'s \\u003c form)."""
    return json.dumps(value, indent=2, ensure_ascii=False)


def detail(value: Any) -> str:
    """An audit detail in words, never a Python repr: lists joined, booleans as yes/no."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple | set | frozenset):
        return ", ".join(detail(v) for v in value) or "none"
    if isinstance(value, dict):
        return "; ".join(f"{k}: {detail(v)}" for k, v in value.items() if v is not None)
    return str(value)


def money(value: dict[str, Any] | None) -> str:
    if not value:
        return "—"
    return f"{value['amount'] / 100:,.2f} {value['currency']}"


def time_left(expires_at: dt.datetime, now: dt.datetime) -> str:
    seconds = int((expires_at - now).total_seconds())
    if seconds <= 0:
        return "expired"
    hours, minutes = divmod(seconds // 60, 60)
    return f"{hours}h {minutes:02d}m left" if hours else f"{minutes}m left"
