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
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import sqlite3
from collections.abc import Awaitable, Callable

from service.domain.storage_errors import StorageBusy, StorageError

SHARED_UNITS = 16
"""Most units one COMMIT holds: a run's first unit waits for at most this many units' work
(each a fraction of a millisecond) before its answer."""


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
        self._queue: collections.deque[asyncio.Future[None]] = collections.deque()
        self.open: SharedWrite | None = None

    async def take_turn(self, within: float) -> SharedWrite:
        """Wait for the turn (at most `within` seconds), then the run's transaction: the one a
        unit before handed on, or a new one."""
        if self._writing or self._queue:
            await self._wait_in_line(within)
        else:
            self._writing = True
        if self.open is None:
            try:
                self.open = SharedWrite(await self._begin())
            except BaseException:
                self.end_turn()
                raise
        self.open.units += 1
        return self.open

    async def _wait_in_line(self, within: float) -> None:
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.append(turn)
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
        if shared is not None and (shared.units >= SHARED_UNITS or not self.someone_waits()):
            committed = self._commit(shared)
        self._pass_turn()
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

    def _pass_turn(self) -> None:
        while self._queue:
            turn = self._queue.popleft()
            if not turn.done():
                turn.set_result(None)
                return
        self._writing = False

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
        return any(not turn.done() for turn in self._queue)

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
