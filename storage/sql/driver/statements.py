"""SQLAlchemy Core statements compiled once per dialect into plans the raw drivers run.

SQLAlchemy stays the one place SQL is written and typed (tables/, the repositories); what it
no longer does is execute. A `Plan` holds the dialect's SQL text, the order of its positional
parameters with each one's bind processor, and each result column's name and result processor,
so running a prebuilt statement is: look the plan up by the statement's identity, lay the
values out, call the driver. The processors are SQLAlchemy's own, so values are stored exactly as
they were when SQLAlchemy executed them (SQLite's datetime text, JSON text, booleans).

Statements built per call (a literal in `where`, `.values(**changes)`, `.params(...)`) are
planned by their SQLAlchemy cache key instead, the way SQLAlchemy caches its own compilations.

Public SQLAlchemy API throughout (`compile`, `construct_params`, `construct_expanded_state`,
each type's `dialect_impl(...).bind_processor/result_processor`), except three internals that
have no public counterpart, kept together in the `_internals` section at the end of this module
with the reason for each.
"""

from __future__ import annotations

import collections
from collections.abc import Callable, Mapping, MutableMapping, Sequence
from typing import Any, TypeVar

import sqlalchemy as sa
from sqlalchemy.engine.interfaces import Dialect
from sqlalchemy.sql.cache_key import CacheKey
from sqlalchemy.sql.compiler import SQLCompiler

Processor = Callable[[Any], Any] | None
Slot = tuple[str, int | None, Processor, Any]
"""Where one argument comes from: the value's name, its index in an IN list (None for a plain
value), its bind processor, and the statement's own value for a name the caller leaves out."""
Layout = tuple[str, list[Slot]]
KEYED_PLANS = 2048
"""Plans kept by cache key for statements built per call (an LRU)."""
LAYOUTS, LAYOUT_ITEMS = 64, 32
"""Expanded layouts kept per plan, and the most IN-list items one may hold."""


class Plan:
    """One compiled statement: `bind(values)` lays parameters out for the driver; `row_names`
    and `convert_row` turn what the driver returns back into Python values."""

    __slots__ = (
        "compiled",
        "converters",
        "expanding",
        "layouts",
        "positions",
        "processors",
        "returns_rows",
        "row_names",
        "sql",
    )

    def __init__(self, compiled: SQLCompiler, returns_rows: bool) -> None:
        self.compiled = compiled
        self.sql = compiled.string
        self.expanding = sorted(p.key for p in compiled.post_compile_params)
        self.layouts: dict[tuple[int, ...], Layout | None] = {}
        dialect = compiled.dialect
        binds = compiled.binds
        # Each bind's processor, looked up once per plan through its type's public API (what
        # SQLAlchemy's own executions use); a literal_execute bind is rendered, never bound.
        processors = self.processors = {
            name: proc
            for name, bind in binds.items()
            if bind not in compiled.literal_execute_params
            and (proc := bind.type.dialect_impl(dialect).bind_processor(dialect)) is not None
        }
        # (name, processor, default): a name the caller omits takes the value written into the
        # statement (`status == "pending"` becomes a bind with that value).
        self.positions = [
            (name, processors.get(name), binds[name].effective_value if name in binds else None)
            for name in compiled.positiontup or ()
        ]
        columns = _result_columns(compiled)
        self.returns_rows = returns_rows or bool(columns)
        self.row_names: tuple[str, ...] | None = (
            tuple(col.keyname for col in columns) if columns else None
        )
        self.converters: list[tuple[int, Processor]] = [
            (i, proc)
            for i, col in enumerate(columns)
            if (proc := col.type.dialect_impl(dialect).result_processor(dialect, None)) is not None
        ]

    def bind(self, values: Mapping[str, Any] | None, key: CacheKey | None) -> tuple[str, list[Any]]:
        """The SQL and its positional arguments, bind processors applied. `key` is the cache
        key of a statement built per call: the values written into it come from there."""
        if key is None and not self.expanding:
            given = values or {}
            return self.sql, [
                given.get(name, default) if proc is None else proc(given.get(name, default))
                for name, proc, default in self.positions
            ]
        if key is None and values is not None and (layout := self._layout(values)) is not None:
            laid: list[Any] = []  # a plain loop: a generator inside cost half as much again
            for name, index, proc, default in layout[1]:
                value = values.get(name, default) if index is None else values[name][index]
                laid.append(value if proc is None else proc(value))
            return layout[0], laid
        params: Mapping[str, Any] = _construct_params(self.compiled, values, key)
        sql: str = self.sql
        order: Sequence[str] = self.compiled.positiontup or []
        processors: Mapping[str, Any] = self.processors
        if self.expanding:
            expanded = self.compiled.construct_expanded_state(params, escape_names=False)
            sql, order = expanded.statement, expanded.positiontup or []
            params = expanded.parameters
            processors = {**processors, **expanded.processors}
        args: list[Any] = []
        for name in order:
            value = params[name]
            proc = processors.get(name)
            args.append(proc(value) if proc is not None else value)
        return sql, args

    def _layout(self, values: Mapping[str, Any]) -> Layout | None:
        """A prebuilt statement's SQL once its IN lists are expanded, and where each argument
        comes from, worked out once per list length: SQLAlchemy's expansion per call cost more
        than the query (a fan lookup on creation). None when it can't be reused (a
        literal rendered into the SQL, an IN list the caller did not give)."""
        try:
            shape = tuple(len(values[name]) for name in self.expanding)
        except (KeyError, TypeError):
            return None
        if shape not in self.layouts:
            if sum(shape) > LAYOUT_ITEMS or len(self.layouts) >= LAYOUTS:
                return None  # long lists are rare: not worth keeping their SQL
            self.layouts[shape] = self._expand(values, shape)
        return self.layouts[shape]

    def _expand(self, values: Mapping[str, Any], shape: tuple[int, ...]) -> Layout | None:
        compiled = self.compiled
        if compiled.literal_execute_params:
            return None
        probe = dict(values)
        origin: dict[int, tuple[str, int]] = {}
        for name, size in zip(self.expanding, shape, strict=True):
            probe[name] = [object() for _ in range(size)]  # markers, found again by identity
            origin.update((id(marker), (name, i)) for i, marker in enumerate(probe[name]))
        expanded = compiled.construct_expanded_state(probe, escape_names=False)
        processors: Mapping[str, Any] = {**self.processors, **expanded.processors}
        slots: list[Slot] = []
        for name in expanded.positiontup or ():
            value = expanded.parameters[name]
            if id(value) in origin:
                source, index = origin[id(value)]
                slots.append((source, index, processors.get(name), None))
            elif name in compiled.binds and name not in self.expanding:
                default = compiled.binds[name].effective_value
                slots.append((name, None, processors.get(name), default))
            else:
                return None
        return expanded.statement, slots

    def convert_row(self, row: Sequence[Any]) -> tuple[Any, ...]:
        if not self.converters:
            return tuple(row)
        values = list(row)
        for i, proc in self.converters:
            values[i] = proc(values[i])  # type: ignore[misc]
        return tuple(values)


class Planner:
    """The plans of one dialect."""

    def __init__(self, dialect: Dialect) -> None:
        self.dialect = dialect
        self._prebuilt: dict[tuple[int, tuple[str, ...] | None], Plan] = {}
        self._keyed: collections.OrderedDict[tuple[Any, ...], Plan] = collections.OrderedDict()

    def plan(
        self, statement: sa.Executable, values: Mapping[str, Any] | None, *, many: bool = False
    ) -> tuple[Plan, CacheKey | None]:
        """The plan for `statement`, and its cache key when it was built per call (the key
        carries the values written into it; None for a prebuilt statement)."""
        # An INSERT/UPDATE given its values as parameters compiles to the columns it was given.
        columns = tuple(values) if values and isinstance(statement, sa.sql.dml.ValuesBase) else None
        if many:
            columns = (*(columns or ()), "*many")
        if _PREBUILT.get(id(statement)) is statement:
            ident = (id(statement), columns)
            plan = self._prebuilt.get(ident)
            if plan is None:
                # Compiled from this very statement: its literals are the plan's defaults.
                plan = self._prebuilt[ident] = self._compile(statement, columns, None)
            return plan, None
        key = _cache_key(statement)
        if key is None:  # not cacheable (never the case for our statements): compile each time
            return self._compile(statement, columns, None), None
        plan = self._keyed.get((key.key, columns))
        if plan is None:
            plan = self._keyed[(key.key, columns)] = self._compile(statement, columns, key)
            if len(self._keyed) > KEYED_PLANS:
                self._keyed.popitem(last=False)
        else:
            self._keyed.move_to_end((key.key, columns))
        return plan, key

    def _compile(self, statement: sa.Executable, columns: tuple[str, ...] | None, key: Any) -> Plan:
        many = columns is not None and columns[-1:] == ("*many",)
        if many:
            columns = columns[:-1]  # type: ignore[index]
        compiled = statement.compile(  # type: ignore[attr-defined]
            dialect=self.dialect,
            cache_key=key,
            column_keys=list(columns) if columns else None,
            for_executemany=many,
        )
        assert isinstance(compiled, SQLCompiler)
        return Plan(compiled, returns_rows=isinstance(statement, sa.TextClause))


_PREBUILT: dict[int, Any] = {}
"""Statements built once and kept for the life of the process, by identity."""

S = TypeVar("S")


def prebuilt(statement: S) -> S:
    """Mark a statement that is built once and reused (a module constant, a cached builder's
    result): its plan is then found by identity, with no cache key computed per call. Its
    literals (`status == "pending"`) are constants of the plan."""
    _PREBUILT[id(statement)] = statement
    return statement


# _internals: the SQLAlchemy internals this module still relies on, each because no public API
# gives the same thing. SQLAlchemy's own executions (Connection.execute) use exactly these; we
# call them because we execute on the raw drivers. Covered by tests/storage (both drivers).


def _cache_key(statement: sa.Executable) -> CacheKey | None:
    """A statement built per call is planned by its cache key, as SQLAlchemy's compiled cache
    does. There is no public way to get it outside `Connection.execute`; the public
    alternative, compiling the statement on every call, is what the cache exists to avoid."""
    key: CacheKey | None = statement._generate_cache_key()  # type: ignore[attr-defined]
    return key


def _construct_params(
    compiled: SQLCompiler, values: Mapping[str, Any] | None, key: CacheKey | None
) -> MutableMapping[str, Any]:
    """The parameters of a plan compiled once and reused for a statement with other literals:
    `extracted_parameters` (public) carries the new statement's literals, and `.params(...)`
    values travel in its cache key, which only the private `_collected_params` takes."""
    if key is None:
        return compiled.construct_params(dict(values) if values else None, escape_names=False)
    return compiled.construct_params(
        dict(values) if values else None,
        extracted_parameters=key.bindparams,
        escape_names=False,
        _collected_params=key.params,
    )


def _result_columns(compiled: SQLCompiler) -> Sequence[Any]:
    """Each result column's label and type in the order the SQL returns them: what SQLAlchemy's
    CursorResult reads; the public `selected_columns` leave out RETURNING and labels."""
    return compiled._result_columns or []
