"""The memory store's committed state, and values as a database gives them back."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Mapping
from typing import Any, NoReturn, TypeVar

import attrs

from service.accounts.model import Account
from service.actions.model import Action
from service.domain.audit_entry import AuditEntry
from service.domain.events import Event
from service.workspaces.model import Workspace

T = TypeVar("T", bound=attrs.AttrsInstance)


class NotHeld(AttributeError):
    """The memory store holds only the aggregates of the action lifecycle and the executor."""


def not_held(what: str) -> NoReturn:
    """A repository or query the memory store leaves to the SQL drivers: a test that reaches
    it fails loudly, instead of passing against behaviour no contract test pins down."""
    raise NotHeld(f"the memory store does not hold {what} (harness/memory_store/)")


def column_value(name: str, value: Any) -> Any:
    """What a database column gives back: aware UTC timestamps, fresh JSON."""
    if isinstance(value, dt.datetime):
        if value.tzinfo is None:
            raise ValueError(f"naive datetime in {name!r}: timestamps must be timezone-aware")
        return value.astimezone(dt.UTC)
    if isinstance(value, dict | list):
        return json.loads(json.dumps(value))
    return value


def stored(record: T) -> T:
    fields = attrs.fields(type(record))
    # mypy's attrs plugin checks `evolve` only on a concrete attrs class, not on a bound TypeVar.
    return attrs.evolve(  # type: ignore[misc]
        record,
        **{f.name: column_value(f.name, getattr(record, f.name)) for f in fields if f.init},
    )


def changed(record: T, values: Mapping[str, Any]) -> T:
    names = {f.name for f in attrs.fields(type(record))}
    unknown = set(values) - names
    if unknown:
        raise ValueError(f"no such column: {', '.join(sorted(unknown))}")
    found = {k: column_value(k, v) for k, v in values.items()}
    return attrs.evolve(record, **found)  # type: ignore[misc]  # as in `stored`


@attrs.define
class State:
    workspaces: dict[str, Workspace] = attrs.field(factory=dict)
    accounts: dict[tuple[str, str], Account] = attrs.field(factory=dict)
    actions: dict[str, Action] = attrs.field(factory=dict)
    events: list[Event] = attrs.field(factory=list)
    audit: list[AuditEntry] = attrs.field(factory=list)
    seq: int = 0
    allowance_uses: dict[str, tuple[tuple[str, str, str], dt.datetime]] = attrs.field(factory=dict)
    limits: dict[tuple[str, str], list[dict[str, Any]]] = attrs.field(factory=dict)

    def copy(self) -> State:
        return State(
            dict(self.workspaces),
            dict(self.accounts),
            dict(self.actions),
            list(self.events),
            list(self.audit),
            self.seq,
            dict(self.allowance_uses),
            dict(self.limits),
        )
