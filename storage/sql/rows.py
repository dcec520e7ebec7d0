"""Turning rows into domain values and back (JSON lists become tuples; extra columns are ignored)."""

from __future__ import annotations

import functools
from typing import Any, TypeVar

import attrs

from storage.sql.result import Row

T = TypeVar("T", bound=attrs.AttrsInstance)


@functools.cache
def _fields_in(cls: type, columns: tuple[str, ...]) -> tuple[tuple[int, str], ...]:
    """Which of a row layout's columns feed which fields of `cls`: worked out once per pair."""
    names = {f.name for f in attrs.fields(cls)}
    return tuple((i, column) for i, column in enumerate(columns) if column in names)


def to_model(cls: type[T], row: Row, **overrides: Any) -> T:
    values = {name: row[i] for i, name in _fields_in(cls, row._names)}
    values.update(overrides)
    return cls(**values)


def to_row(obj: Any) -> dict[str, Any]:
    values = attrs.asdict(obj, recurse=False)
    return {k: list(v) if isinstance(v, tuple) else v for k, v in values.items()}
