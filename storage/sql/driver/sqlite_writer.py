"""SQLite's writer in this process: units of work take turns, and the units queued behind each
other share one transaction and one COMMIT (group commit).

A WAL commit appends every page its transaction changed to the log. A creation changes about
sixteen (the action's row, each of its indexes, the outbox), most of them the same few pages at
the right edge of each index, so writing them once for a run of units costs each unit a fraction
of writing them once per unit (bench/hot_path.py). Durability is unchanged: a unit's caller
goes on only once the COMMIT that holds its work has returned.

- A unit runs inside a savepoint of the shared transaction: one that fails is rolled back
  alone, and the others' work stands.
- A unit that ends while others wait hands them the turn with the transaction still open and
  waits for the last of the run to commit; one that ends with no one waiting (or after
  SHARED_UNITS units) commits. So a unit alone commits at once, as before, and a run only forms
  from units that were queued anyway; none is delayed to wait for company.
- If the COMMIT fails, every unit of the run gets the error: none of their work was written.
- A heavy unit (one that ran long statements: a prune batch, a sync's rewrite) commits at its
  end whoever waits, in a worker thread (`end_heavy_turn`): its COMMIT writes thousands of pages,
  and handed on it would be paid by the next unit's caller (a creation), on the loop's thread,
  which stops every request meanwhile.
- An upkeep unit (the pruner's batches) waits behind every request's unit in line, and a run
  never hands its transaction to one: a creation that shared a COMMIT with a prune batch waited
  for the whole batch (a creation's p99 while pruning was 12 ms of its 13 in that COMMIT). An
  upkeep unit that has waited UPKEEP_PATIENCE goes next anyway, so a steady stream of requests
  slows upkeep but never stops it.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import sqlite3
import time
from collections.abc import Awaitable, Callable
from typing import TypeVar

from service.domain.storage_errors import StorageBusy, StorageError

T = TypeVar("T")
SHARED_UNITS = 16
"""Most units one COMMIT holds: a run's first unit waits for at most this many units' work
(each a fraction of a millisecond) before its answer."""
UPKEEP_PATIENCE = 0.5
"""Seconds an upkeep unit lets requests' units go first before it takes the next turn."""


class _InLine:
    """A unit waiting for its turn: whether it is upkeep, and since when."""

    __slots__ = ("since", "turn", "upkeep")

    def __init__(self, turn: asyncio.Future[None], upkeep: bool) -> None:
        self.turn = turn
        self.upkeep = upkeep
        self.since = time.monotonic()


class SharedWrite:
    """The transaction a run of units shares, on one connection."""

    __slots__ = ("done", "raw", "units")

    def __init__(self, raw: sqlite3.Connection) -> None:
        self.raw = raw
        self.units = 0
        self.done: asyncio.Future[None] = asyncio.get_running_loop().create_future()


class Writer:
    """The turn to write, handed first come first served, and the run's open transaction."""

    def __init__(
        self,
        begin: Callable[[], Awaitable[sqlite3.Connection]],
        put_back: Callable[[sqlite3.Connection], None],
        committed: list[Callable[[], None]],
    ) -> None:
        self._begin = begin
        self._put_back = put_back
        self._committed = committed
        self._writing = False
        self._queue: collections.deque[_InLine] = collections.deque()
        self.open: SharedWrite | None = None

    async def take_turn(self, within: float, upkeep: bool = False) -> SharedWrite:
        """Wait for the turn (at most `within` seconds), then the run's transaction: the one a
        unit before handed on, or a new one (always a new one for an `upkeep` unit)."""
        await self._wait_for_turn(within, upkeep)
        if self.open is None:
            try:
                self.open = SharedWrite(await self._begin())
            except BaseException:
                self.end_turn()
                raise
        self.open.units += 1
        return self.open

    async def hold_lock(self, within: float, work: Callable[[], Awaitable[T]]) -> T:
        """Run `work` (which takes SQLite's write lock itself: a checkpoint that restarts the
        log) on an upkeep unit's turn, with no transaction of this writer open. This process's
        writers then wait for it in line, to the microsecond, instead of in SQLite's busy
        handler, whose sleeps grow 1, 2, 5, 10 ms and more (a creation's BEGIN that met a
        restarting checkpoint waited 33–79 ms)."""
        await self._wait_for_turn(within, True)
        try:
            assert self.open is None  # a run commits before an upkeep unit's turn
            return await work()
        finally:
            self._pass_turn()

    async def _wait_for_turn(self, within: float, upkeep: bool) -> None:
        """Take the turn at once if no unit holds it or waits, else wait in line."""
        if self._writing or self._queue:
            await self._wait_in_line(within, upkeep)
        else:
            self._writing = True

    async def _wait_in_line(self, within: float, upkeep: bool) -> None:
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.append(_InLine(turn, upkeep))
        try:
            async with asyncio.timeout(within):
                await turn
        except BaseException as exc:
            if turn.done() and not turn.cancelled():
                self.end_turn()  # handed the turn as this unit gave up: hand it on
            else:
                turn.cancel()
            if isinstance(exc, TimeoutError):
                raise StorageBusy("the database stayed locked by a writer") from exc
            raise

    def end_turn(self) -> None:
        """Hand the turn, and the open transaction, to the next unit in line; commit first when
        no one waits or the run is full."""
        shared = self.open
        committed = False
        following = self._next()
        if shared is not None and (
            shared.units >= SHARED_UNITS or following is None or following.upkeep
        ):
            committed = self._commit(shared)
        self._pass_turn(following)
        if committed:  # after the turn has passed on: a hook that fails cannot keep it
            for hook in self._committed:
                hook()

    async def end_heavy_turn(self) -> None:
        """Commit the run now, in a worker thread while the loop serves other requests and the
        units in line keep waiting, then hand the turn on."""
        shared = self.open
        committed = False
        try:
            if shared is not None:
                self.open = None
                call = asyncio.ensure_future(asyncio.to_thread(_commit, shared.raw))
                try:
                    await asyncio.shield(call)
                except asyncio.CancelledError:  # the thread has the connection: let it end
                    with contextlib.suppress(Exception):
                        await call
                    raise
                finally:
                    if call.done():
                        committed = self._tell(shared, call.result())
        finally:
            self._pass_turn()
        if committed:
            for hook in self._committed:
                hook()

    def _next(self) -> _InLine | None:
        """Who takes the turn next: the first request's unit in line, unless the first upkeep
        unit has waited UPKEEP_PATIENCE; an upkeep unit when no request's waits."""
        if any(unit.turn.done() for unit in self._queue):  # gave up: timed out, cancelled
            self._queue = collections.deque(u for u in self._queue if not u.turn.done())
        first_upkeep = next((unit for unit in self._queue if unit.upkeep), None)
        if first_upkeep is not None and time.monotonic() - first_upkeep.since >= UPKEEP_PATIENCE:
            return first_upkeep
        return next((unit for unit in self._queue if not unit.upkeep), first_upkeep)

    def _pass_turn(self, following: _InLine | None = None) -> None:
        following = following or self._next()
        if following is None:
            self._writing = False
            return
        self._queue.remove(following)
        following.turn.set_result(None)

    def undo_unit(self, shared: SharedWrite) -> None:
        """Roll back the unit that just failed. When SQLite has rolled back the whole
        transaction itself (a full disk, an I/O error), the run's earlier units lost their
        work too: they are told, and the next unit starts afresh."""
        try:
            if shared.raw.in_transaction:
                shared.raw.execute("ROLLBACK TO unit")
                shared.raw.execute("RELEASE unit")
                return
        except sqlite3.Error:
            pass
        self.open = None
        shared.done.set_exception(StorageError("the write was rolled back"))
        shared.done.exception()  # the units that wait read it; none may, so mark it read
        self._put_back(shared.raw)

    def quiet(self) -> bool:
        """No unit holds the turn or waits for it."""
        return not self._writing and not self._queue

    def someone_waits(self) -> bool:
        """A request's unit waits for the turn (upkeep units wait by design)."""
        return any(not unit.upkeep and not unit.turn.done() for unit in self._queue)

    def _commit(self, shared: SharedWrite) -> bool:
        """COMMIT the run's transaction and tell its units; False when it failed."""
        self.open = None
        return self._tell(shared, _commit(shared.raw))

    def _tell(self, shared: SharedWrite, failed: sqlite3.Error | None) -> bool:
        """Tell the run's units how their COMMIT went, and put the connection back."""
        try:
            if failed is not None:
                shared.done.set_exception(StorageError(str(failed)))
                shared.done.exception()  # the units that wait read it; none may: mark it read
                return False
            shared.done.set_result(None)
            return True
        finally:
            self._put_back(shared.raw)


def _commit(raw: sqlite3.Connection) -> sqlite3.Error | None:
    """COMMIT, and the error it raised, if any (on any thread)."""
    try:
        raw.execute("COMMIT")
    except sqlite3.Error as exc:
        return exc
    return None
