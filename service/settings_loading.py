"""How a setting is declared (`setting`), read from the text of its environment variable, and
which URL schemes two of them accept: the machinery under settings.py, which holds what each
setting is and the rules between them."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import attrs


class SettingsError(ValueError):
    """A setting's value the service cannot start with; the message names the variable."""


SMTP_SCHEMES = {"smtp": 25, "smtp+starttls": 587, "smtps": 465}
"""COUNTERSIGN_SMTP_URL's schemes and their default ports (service/mail/smtp.py connects)."""
DATABASE_SCHEMES = frozenset(
    {"sqlite", "sqlite+aiosqlite", "postgres", "postgresql", "postgresql+asyncpg"}
)
"""The databases the service runs on: SQLite (embedded) and PostgreSQL, with or without the
driver's name (the store picks its drivers itself)."""


def setting(
    default: Any,
    description: str,
    *,
    shown: str | None = None,
    default_from: str | None = None,
    parse: Callable[[str], Any] | None = None,
) -> Any:
    """Declare one setting: its environment name is COUNTERSIGN_ + the field name in capitals.

    `shown` is the default as the documentation states it (when the value alone would mislead),
    `default_from` names another setting whose value is the default, `parse` reads the text
    (else the default's type decides: flag, whole number, number or text)."""
    return attrs.field(
        default=default,
        metadata={
            "description": description,
            "shown": shown,
            "default_from": default_from,
            "parse": parse,
        },
    )


def comma_list(value: str) -> tuple[str, ...]:
    return tuple(part.strip() for part in value.split(",") if part.strip())


def unless_empty(value: str) -> str | None:
    return value or None


def without_trailing_slash(value: str) -> str:
    return value.rstrip("/")


def env_name(field: attrs.Attribute[Any]) -> str:
    return f"COUNTERSIGN_{field.name.upper()}"


def parse_text(field: attrs.Attribute[Any], raw: str) -> Any:
    parse = field.metadata["parse"]
    if parse is not None:
        return parse(raw)
    default = field.default
    if isinstance(default, bool):
        if raw.lower() in {"1", "true", "yes", "on"}:
            return True
        if raw.lower() in {"0", "false", "no", "off"}:
            return False
        raise SettingsError(f"{env_name(field)} must be true or false, not {raw!r}")
    if isinstance(default, int | float):
        try:
            return type(default)(raw)
        except ValueError:
            raise SettingsError(f"{env_name(field)} must be a number, not {raw!r}") from None
    return raw


def values_from_env(
    cls: type[Any], env: Mapping[str, str], overrides: Mapping[str, Any]
) -> dict[str, Any]:
    """The attrs class `cls`'s values: `overrides`, else the environment, else the default (or
    the value of the setting its `default_from` names)."""
    values: dict[str, Any] = {}
    for field in attrs.fields(cls):
        if field.name in overrides:
            continue
        raw = env.get(env_name(field))
        if raw is not None:
            values[field.name] = parse_text(field, raw)
        elif field.metadata["default_from"] is not None:
            source = field.metadata["default_from"]
            values[field.name] = overrides.get(
                source, values.get(source, getattr(attrs.fields(cls), source).default)
            )
    values.update(overrides)
    return values
