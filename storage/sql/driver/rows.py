"""Turning rows into domain values and back (JSON lists become tuples; extra columns are ignored)."""

from __future__ import annotations

import functools
import operator
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import attrs

from storage.sql.driver.result import Row

T = TypeVar("T", bound=attrs.AttrsInstance)


@functools.cache
def _fields_in(cls: type, columns: tuple[str, ...]) -> tuple[tuple[int, str], ...]:
    """Which of a row layout's columns feed which fields of `cls`: worked out once per pair.
    The names are interned, as the parameter names of `cls.__init__` are: CPython then matches
    each keyword by identity instead of comparing it with every parameter's name in turn (41
    string comparisons per keyword for an Action)."""
    names = {f.name for f in attrs.fields(cls)}
    return tuple(
        (i, sys.intern(str(column))) for i, column in enumerate(columns) if column in names
    )


_builders: dict[tuple[type[Any], tuple[str, ...]], Callable[[Row], Any]] = {}
"""How to build each model from each row layout: worked out once per pair."""


def _builder(cls: type, columns: tuple[str, ...]) -> Callable[[Row], Any]:
    """How to build `cls` from a row of this layout: positionally, when the row holds every
    field (an Action from `actions.select()`: a fifth of the keyword call's cost), else by
    keyword with the fields the row holds (the rest take their defaults)."""
    found = {name: i for i, name in _fields_in(cls, columns)}  # a later column wins
    fields = [f for f in attrs.fields(cls) if f.init]
    if fields and all(f.alias == f.name and f.name in found for f in fields):
        if len(fields) == 1:
            only = found[fields[0].name]
            return lambda row: cls(row[only])
        values = operator.itemgetter(*(found[f.name] for f in fields))
        return lambda row: cls(*values(row))
    pairs = tuple(found.items())
    return lambda row: cls(**{name: row[i] for name, i in pairs})


def to_model(cls: type[T], row: Row, **overrides: Any) -> T:
    if not overrides:
        build = _builders.get((cls, row._names))
        if build is None:
            build = _builders[cls, row._names] = _builder(cls, row._names)
        model: T = build(row)
        return model
    values = {name: row[i] for i, name in _fields_in(cls, row._names)}
    values.update(overrides)
    return cls(**values)


_readers: dict[type, tuple[tuple[str, ...], Callable[[Any], tuple[Any, ...]]]] = {}


def _reader(cls: type) -> tuple[tuple[str, ...], Callable[[Any], tuple[Any, ...]]]:
    """Every field's name and one getter of all their values: worked out once per class."""
    if (found := _readers.get(cls)) is not None:
        return found
    names = tuple(f.name for f in attrs.fields(cls))
    get = operator.attrgetter(*names)
    found = _readers[cls] = (names, get if len(names) > 1 else lambda obj: (get(obj),))
    return found


def to_row(obj: Any) -> dict[str, Any]:
    """A model's fields as a row's values (tuples as lists). One attrgetter call instead of
    attrs.asdict's loop of getattr and filter checks: a quarter of its time on an Action,
    which every creation writes."""
    names, values = _reader(type(obj))
    return {
        k: list(v) if isinstance(v, tuple) else v for k, v in zip(names, values(obj), strict=True)
    }
