"""Clients waiting for an action to be decided or finished (`GET /v1/actions/{id}?wait=N`, the
MCP tool `wait_for_action`), woken by one listener per process.

A waiter costs no database work while it waits. The process's one `ActionWaiters` listens to
the store's action changes (PostgreSQL NOTIFY from a trigger, SQLite's commits; see
storage/sql/driver/action_watch.py) and, when an action somebody waits for changed, reads it once for
all of its waiters and hands them the row. The listener starts with the first waiter and stops
`linger` seconds after the last one left.

A waiter is registered *before* the caller's first read, so a change committed between that
read and the wait is never missed: either the read sees it, or its notification comes after
the registration.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence

from service.actions.model import Action
from service.actions.transitions import FINAL, effective
from service.domain.clock import Clock
from service.ports import Store

log = logging.getLogger("countersign.waiting")

UNTIL = ("decided", "finished")
_RANK = {"pending": 0, "approved": 1, "rejected": 1, "expired": 1, "executing": 2}
"""How far along a status is (executed and failed: 3): of two reads, the later one wins."""
LINGER = 30.0
RETRY_AFTER = 0.5
"""Seconds before reading again after a failed read (the database was away)."""

Progress = Callable[[float, float], Awaitable[None]]
"""Called as `progress(elapsed_seconds, total_seconds)` while a wait goes on."""


def reached(action: Action, until: str) -> bool:
    """Whether `action` (as `effective` shows it) is where a waiter with `until` stops."""
    status = action.status
    return status != "pending" if until == "decided" else status in FINAL


def _rank(action: Action) -> int:
    return _RANK.get(action.status, 3)


class Waiter:
    """One waiting client: the newest row of its action the listener read, and an event."""

    __slots__ = ("action_id", "changed", "latest", "seen")

    def __init__(self, action_id: str) -> None:
        self.action_id = action_id
        self.latest: Action | None = None
        self.seen: str | None = None
        self.changed = asyncio.Event()

    def offer(self, action: Action) -> None:
        if self.latest is None or _rank(action) >= _rank(self.latest):
            self.latest = action
            self.seen = action.status
            self.changed.set()

    def newest(self, action: Action) -> Action:
        """`action` or what the listener handed over since, whichever is further along."""
        if self.latest is not None and _rank(self.latest) > _rank(action):
            return self.latest
        self.seen = action.status
        return action


class ActionWaiters:
    def __init__(self, store: Store, *, linger: float = LINGER) -> None:
        self._store = store
        self.linger = linger
        self._waiting: dict[str, set[Waiter]] = {}
        self._dirty: set[str] = set()
        self._all_dirty = False
        self._kick = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._ready = asyncio.Event()
        self._tasks: set[asyncio.Task[None]] = set()
        self.count_changed = asyncio.Event()
        """Set whenever a waiter comes or goes (tests and the benchmark wait on it)."""
        self._in_wait = 0
        self.reads = 0
        """Statements the listener ran (the benchmark counts them)."""
        self.stopping = False
        """Set by `stop()`: the process is shutting down, so no wait goes on."""

    def __len__(self) -> int:
        """Waiters registered (a request between its registration and its end)."""
        return sum(len(w) for w in self._waiting.values())

    @property
    def in_wait(self) -> int:
        """Waiters past their first read, waiting for a change."""
        return self._in_wait

    @contextlib.asynccontextmanager
    async def watching(self, action_id: str) -> AsyncIterator[Waiter]:
        """A waiter for `action_id`, registered until the block ends (a cancelled wait too)."""
        waiter = Waiter(action_id)
        self._waiting.setdefault(action_id, set()).add(waiter)
        self.count_changed.set()
        try:
            await self._running()
            yield waiter
        finally:
            waiters = self._waiting.get(action_id)
            if waiters is not None:
                waiters.discard(waiter)
                if not waiters:
                    del self._waiting[action_id]
            self.count_changed.set()

    async def wait(
        self,
        waiter: Waiter,
        action: Action,
        *,
        until: str,
        seconds: float,
        clock: Clock,
        progress: Progress | None = None,
    ) -> Action:
        """`action` (read after `waiter` was registered) once it reached `until`, or as it
        stands after `seconds`. A pending action is expired at its `expiresAt` even if the
        expirer has not written it yet (service.actions.transitions.effective)."""
        progress_every = max(1.0, min(5.0, seconds / 5))  # a few reports, at most every 5 s
        self._in_wait += 1
        self.count_changed.set()
        try:
            return await self._wait(waiter, action, until, seconds, clock, progress, progress_every)
        finally:
            self._in_wait -= 1
            self.count_changed.set()

    async def _wait(
        self,
        waiter: Waiter,
        action: Action,
        until: str,
        seconds: float,
        clock: Clock,
        progress: Progress | None,
        progress_every: float,
    ) -> Action:
        loop = asyncio.get_running_loop()
        started = loop.time()
        deadline = started + seconds
        current = waiter.newest(action)
        while not self.stopping and not reached(effective(current, clock.now()), until):
            left = deadline - loop.time()
            if current.status == "pending":
                left = min(left, (current.expires_at - clock.now()).total_seconds() + 0.01)
            if left <= 0:
                break
            waiter.changed.clear()
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(min(left, progress_every) if progress else left):
                    await waiter.changed.wait()
            current = waiter.newest(current)
            if progress is not None and not waiter.changed.is_set() and not self.stopping:
                await progress(loop.time() - started, seconds)
        return effective(current, clock.now())

    def stop(self) -> None:
        """The process is shutting down: every wait ends now with the action as it stands (a
        client simply waits again, on another replica), and later waits return at once, so a
        deploy never holds a waiting client until the stop grace runs out."""
        self.stopping = True
        for waiters in self._waiting.values():
            for waiter in waiters:
                waiter.changed.set()
        self.count_changed.set()

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._task = None

    async def _running(self) -> None:
        """Start the listener if it is not running, and return once it listens."""
        if self._task is None:
            self._ready = asyncio.Event()
            self._task = asyncio.create_task(self._run(), name="action-waiters")
            self._tasks.add(self._task)
            self._task.add_done_callback(self._tasks.discard)
        await self._ready.wait()

    async def _run(self) -> None:
        me = asyncio.current_task()
        try:
            async with self._store.watch_actions(self._changed):
                self._ready.set()
                self._all_dirty = True  # what changed before we listened
                self._kick.set()
                while True:
                    try:
                        async with asyncio.timeout(self.linger):
                            await self._kick.wait()
                    except TimeoutError:
                        if not self._waiting:
                            self._task = None  # a new waiter starts a new listener
                            return
                        continue
                    self._kick.clear()
                    try:
                        await self._recheck()
                    except Exception:
                        log.warning("reading waited-for actions failed; retrying", exc_info=True)
                        self._all_dirty = True
                        await asyncio.sleep(RETRY_AFTER)
                        self._kick.set()
        except Exception:
            log.exception("the action listener stopped; the next waiter starts it again")
        finally:
            if self._task is me:
                self._task = None
            self._ready.set()  # never leave a waiter hanging on a listener that ended

    def _changed(self, ids: Sequence[str] | None) -> None:
        if ids is None:
            self._all_dirty = True
        else:
            self._dirty.update(i for i in ids if i in self._waiting)
        if self._waiting and (self._all_dirty or self._dirty):
            self._kick.set()

    async def _recheck(self) -> None:
        """One read for every waited-for action that may have changed."""
        everything, self._all_dirty = self._all_dirty, False
        named, self._dirty = self._dirty, set()
        ids = list(self._waiting) if everything else [i for i in named if i in self._waiting]
        if not ids:
            return
        async with self._store.reading() as uow:
            if everything:  # the driver could not say which: compare statuses first
                # Most waiters saw `pending`: ask only which of those left it (a row or two
                # back, not a thousand), and the full statuses of the few others.
                still = [
                    i for i in ids if all(w.seen == "pending" for w in self._waiting.get(i, ()))
                ]
                rest = list(set(ids) - set(still))
                self.reads += 1
                statuses = await uow.actions.statuses(still, other_than="pending")
                if rest:
                    self.reads += 1
                    statuses.update(await uow.actions.statuses(rest))
                ids = [
                    i
                    for i in statuses
                    if any(w.seen != statuses[i] for w in self._waiting.get(i, ()))
                ]
            if not ids:
                return
            self.reads += 1
            rows = await uow.actions.get_many(ids)
        for action in rows:
            for waiter in list(self._waiting.get(action.id, ())):
                waiter.offer(action)
