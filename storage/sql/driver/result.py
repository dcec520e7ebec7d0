"""What a statement returns: rows that read like SQLAlchemy's (by position, `row.name`,
`row._mapping`), so repositories and tests read results the same way on either driver."""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping, Sequence
from typing import Any


class Row(tuple[Any, ...]):
    """One result row. `_names` is set on a subclass per column layout (see `row_class`)."""

    __slots__ = ()
    _names: tuple[str, ...] = ()
    _index: Mapping[str, int] = {}

    def __getattr__(self, name: str) -> Any:
        try:
            return self[self._index[name]]
        except KeyError:
            raise AttributeError(name) from None

    @property
    def _mapping(self) -> dict[str, Any]:
        return dict(zip(self._names, self, strict=True))


@functools.cache
def row_class(names: tuple[str, ...]) -> type[Row]:
    index = {name: i for i, name in reversed(list(enumerate(names)))}  # first one wins
    return type("Row", (Row,), {"__slots__": (), "_names": names, "_index": index})


class Result:
    """All rows of one statement (they are fetched at once), and how many rows it changed."""

    __slots__ = ("rowcount", "rows")

    def __init__(self, rows: list[Row], rowcount: int = -1) -> None:
        self.rows = rows
        self.rowcount = rowcount

    def __iter__(self) -> Iterator[Row]:
        return iter(self.rows)

    def first(self) -> Row | None:
        return self.rows[0] if self.rows else None

    def all(self) -> list[Row]:
        return self.rows

    def fetchall(self) -> list[Row]:
        return self.rows

    def scalar(self) -> Any:
        return self.rows[0][0] if self.rows else None

    def one(self) -> Row:
        if len(self.rows) != 1:
            raise LookupError(f"expected exactly one row, got {len(self.rows)}")
        return self.rows[0]

    def scalar_one(self) -> Any:
        return self.one()[0]

    def scalars(self) -> list[Any]:
        return [row[0] for row in self.rows]


def make_rows(names: Sequence[str], values: Sequence[Sequence[Any]]) -> list[Row]:
    cls = row_class(tuple(names))
    return [cls(v) for v in values]
