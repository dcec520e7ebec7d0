"""The Store and its units of work."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import NoReturn

from harness.memory_store.accounts import MemoryAccounts, MemoryWorkspaces
from harness.memory_store.actions import MemoryActions
from harness.memory_store.outbox import MemoryAuditLog, MemoryEvents
from harness.memory_store.state import State, not_held
from service.accounts.repository import Accounts
from service.actions.repository import ACTIONS_CHANNEL, Actions
from service.domain.repository import AuditLog, Events
from service.ports import Store, UnitOfWork
from service.workspaces.repository import Workspaces


class MemoryUnit:
    """One unit of work over a state (the committed one when reading, a copy in a transaction)."""

    def __init__(self, state: State, writable: bool) -> None:
        self.state = state
        self.writable = writable
        self.notified: list[str] = []
        # Typed as the ports, so mypy proves each one does what the SQL repositories do.
        self.workspaces: Workspaces = MemoryWorkspaces(state)
        self.accounts: Accounts = MemoryAccounts(state)
        self.actions: Actions = MemoryActions(state, self.notified)
        self.events: Events = MemoryEvents(state)
        self.audit: AuditLog = MemoryAuditLog(state)

    def __getattr__(self, name: str) -> NoReturn:
        not_held(repr(name))

    async def notify(self, channel: str) -> None:
        self.notified.append(channel)


class MemoryStore:
    """A Store whose committed state is a few dicts. `notified` lists every channel notified by
    a committed transaction, in order (the NOTIFYs a database would have sent)."""

    dialect = "memory"

    def __init__(self) -> None:
        self.committed = State()
        self.notified: list[str] = []
        self._writer = asyncio.Lock()
        self._listeners: dict[str, list[Callable[[], object]]] = {}
        self._watchers: list[Callable[[Sequence[str] | None], object]] = []

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[MemoryUnit]:
        async with self._writer:
            before = self.committed
            unit = MemoryUnit(before.copy(), writable=True)
            yield unit  # an exception here leaves `committed` as it was: the rollback
            self.committed = unit.state
        moved = [i for i, a in unit.state.actions.items() if before.actions.get(i) is not a]
        for channel in unit.notified:
            self.notified.append(channel)
            for callback in self._listeners.get(channel, []):
                callback()
        if moved:
            for watcher in self._watchers:
                watcher(sorted(moved))

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[MemoryUnit]:
        yield MemoryUnit(self.committed, writable=False)

    def single_statement(self) -> AbstractAsyncContextManager[MemoryUnit]:
        return self.transaction()

    def upkeep(self) -> AbstractAsyncContextManager[MemoryUnit]:
        return self.transaction()

    @asynccontextmanager
    async def listen(self, channel: str, callback: Callable[[], object]) -> AsyncIterator[None]:
        self._listeners.setdefault(channel, []).append(callback)
        try:
            yield
        finally:
            self._listeners[channel].remove(callback)

    @asynccontextmanager
    async def watch_actions(
        self, callback: Callable[[Sequence[str] | None], object]
    ) -> AsyncIterator[None]:
        self._watchers.append(callback)
        try:
            yield
        finally:
            self._watchers.remove(callback)

    async def close(self) -> None:
        pass

    @property
    def woken_executor(self) -> int:
        """How many committed transactions woke the executors (NOTIFY on the actions channel)."""
        return self.notified.count(ACTIONS_CHANNEL)


def as_store(store: MemoryStore) -> Store:
    """Typed as the protocol: mypy proves here that MemoryStore (and its units of work) satisfy
    service/ports.py's protocols, the repositories it does not hold raising `NotHeld`."""
    return store


def as_unit_of_work(unit: MemoryUnit) -> UnitOfWork:
    """The same proof for the unit of work."""
    return unit
