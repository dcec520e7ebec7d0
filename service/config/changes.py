"""A planned change and the one transaction every change of a plan runs in."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from attrs import frozen

from service.domain.clock import Clock
from service.domain.principal import Principal
from service.errors.api_error import ApiError
from service.kit.crypto import SecretBox
from service.ports import Store, UnitOfWork

ADD, CHANGE, REMOVE = "add", "change", "remove"
SIGNS = {ADD: "+", CHANGE: "~", REMOVE: "-"}


@frozen
class Tools:
    """What the steps need beside the store: the features' use cases take them."""

    clock: Clock
    box: SecretBox
    public_url: str
    allow_loopback: bool = False


Step = Callable[[Store, Principal, Tools], Awaitable[str | None]]
"""Runs one change through the feature's use case; may answer a line to show once (a new
webhook endpoint's secret, an invitation's link)."""


@frozen
class Change:
    verb: str
    what: str
    before: Any
    after: Any
    step: Step


def describe(changes: Sequence[Change]) -> str:
    """The plan as people read it: each setting added, changed or removed, before and after."""
    if not changes:
        return "No changes: the workspace already matches the file."
    counts = {verb: sum(c.verb == verb for c in changes) for verb in SIGNS}
    lines = [
        f"Plan: {counts[ADD]} to add, {counts[CHANGE]} to change, {counts[REMOVE]} to remove.",
        "",
    ]
    for change in changes:
        lines.append(f"{SIGNS[change.verb]} {change.what}")
        if change.verb != ADD:
            lines.append(f"    before: {_compact(change.before)}")
        if change.verb != REMOVE:
            lines.append(f"    after:  {_compact(change.after)}")
    return "\n".join(lines)


def _compact(value: Any) -> str:
    return json.dumps(value, separators=(", ", ": "), default=str)


class ApplyFailed(Exception):
    def __init__(self, change: Change, error: ApiError) -> None:
        super().__init__(f"{change.what}: {error.code}: {error.message}")
        self.change, self.error = change, error


class OneTransaction:
    """A store whose every unit of work is the one transaction `apply` opened: the features'
    use cases run unchanged, and a refusal by any of them undoes every change before it."""

    def __init__(self, uow: UnitOfWork) -> None:
        self.uow = uow

    def transaction(self) -> contextlib.nullcontext[UnitOfWork]:
        return contextlib.nullcontext(self.uow)

    def reading(self) -> contextlib.nullcontext[UnitOfWork]:
        return contextlib.nullcontext(self.uow)

    def single_statement(self) -> contextlib.nullcontext[UnitOfWork]:
        return contextlib.nullcontext(self.uow)

    def upkeep(self) -> contextlib.nullcontext[UnitOfWork]:
        return contextlib.nullcontext(self.uow)

    def listen(self, channel: str, callback: Any) -> contextlib.AbstractAsyncContextManager[None]:
        raise NotImplementedError("a plan's changes never listen")

    def watch_actions(self, callback: Any) -> contextlib.AbstractAsyncContextManager[None]:
        raise NotImplementedError("a plan's changes never watch actions")

    async def close(self) -> None:
        return None


async def apply(
    store: Store, principal: Principal, tools: Tools, changes: Sequence[Change]
) -> list[str]:
    """Every change in one transaction: all of them, or (a use case refused one) none."""
    notes = []
    async with store.transaction() as uow:
        shared = OneTransaction(uow)
        for change in changes:
            try:
                note = await change.step(shared, principal, tools)
            except ApiError as error:
                raise ApplyFailed(change, error) from None
            if note:
                notes.append(f"{change.what}: {note}")
    return notes
