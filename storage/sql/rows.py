"""Turning rows into domain values and back (JSON lists become tuples; extra columns are ignored)."""

from __future__ import annotations

from typing import Any, TypeVar

import attrs

T = TypeVar("T", bound=attrs.AttrsInstance)


def to_model(cls: type[T], row: Any, **overrides: Any) -> T:
    mapping = dict(row._mapping)
    names = {f.name for f in attrs.fields(cls)}
    values = {k: v for k, v in mapping.items() if k in names}
    values.update(overrides)
    return cls(**values)


def to_row(obj: Any) -> dict[str, Any]:
    values = attrs.asdict(obj, recurse=False)
    return {k: list(v) if isinstance(v, tuple) else v for k, v in values.items()}
