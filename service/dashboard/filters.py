"""The dashboard's template environment and the filters its templates format values with:
times, money, JSON, audit details, messages' HTML. A policy rule words itself
(service/actions/policies/policy_rule.py)."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import jinja2
from markupsafe import Markup, escape

from service.actions.policies.policy_rule import stored_json
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
        rules_json=lambda rules: stored_json(rules) or [],
        types=type_words,
    )
    return env


def type_words(types: Any) -> str:
    """Action types as people say them: "Send a message, Send a mass message"."""
    return ", ".join(REGISTRY[t].label if t in REGISTRY else str(t) for t in types or ())


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
