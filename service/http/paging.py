"""One keyset pager for every list: a signed cursor names the last row's sort key.

A list asks for `limit + 1` rows after `start(...)`; `page(...)` keeps `limit` of them and, when
there were more, signs the last row's key as the next cursor. The cursor is bound to the list's
name and filters (service/http/cursors.py), and a position that does not parse as the list's key
is `invalid_cursor`, the same on every list.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from attrs import frozen

from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.http.cursors import Cursors

K = TypeVar("K")
T = TypeVar("T")


def by_id(position: list[Any]) -> str:
    (row_id,) = position
    if not isinstance(row_id, str):
        raise TypeError(row_id)
    return row_id


def by_time_and_id(position: list[Any]) -> tuple[dt.datetime, str]:
    at, row_id = position
    return dt.datetime.fromisoformat(at), by_id([row_id])


def by_time_and_seq(position: list[Any]) -> tuple[dt.datetime, int]:
    at, seq = position
    return dt.datetime.fromisoformat(at), by_count([seq])


def by_count(position: list[Any]) -> int:
    """A sequence number or an offset: a whole number from 0."""
    (number,) = position
    if not isinstance(number, int) or isinstance(number, bool) or number < 0:
        raise ValueError(number)
    return number


@frozen
class Page(Generic[T]):
    items: list[T]
    more: bool
    cursor: str | None


@frozen
class Pager(Generic[K]):
    cursors: Cursors
    name: str
    filters: dict[str, Any]
    limit: int
    key: Callable[[list[Any]], K]

    def start(self, token: str | None) -> K | None:
        """Where the page starts: None for the first page."""
        position = self.cursors.decode(token, self.name, self.filters)
        if position is None:
            return None
        try:
            return self.key(position)
        except (TypeError, ValueError):
            raise ApiError(ErrorCode.INVALID_CURSOR, param="cursor") from None

    def page(self, rows: Sequence[T], position: Callable[[T], list[Any]]) -> Page[T]:
        """The first `limit` rows, and a cursor after the last of them when more were found."""
        items, more = list(rows[: self.limit]), len(rows) > self.limit
        return Page(items, more, self.cursor(position(items[-1])) if more else None)

    def cursor(self, position: list[Any]) -> str:
        return self.cursors.encode(self.name, self.filters, position)
