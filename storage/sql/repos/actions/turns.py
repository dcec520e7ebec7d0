"""One key's writes in turn within this process, and those that wait go together (group commit).

Writes that take one key's next number (an allowance's use, an account's limit ticket) would
only race each other in the database, where all but one lose and try again; so this process
writes them one turn at a time. A turn takes every waiting write of the same kind (the same
statement) and sends them in one round trip and one transaction: creations at once under one
allowance cost one COMMIT a turn, not one each, and each later statement of the turn sees the
numbers the earlier ones took.

If a turn of several fails, its writes run again one by one, each with its own outcome: one bad
write does not fail those it was grouped with."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Hashable, Sequence
from typing import Generic, TypeVar

from attrs import define, field

from service.domain.storage_errors import DuplicateError

T = TypeVar("T")
R = TypeVar("R")

MOST = 32
"""Writes one turn takes at most: a turn's statements run one after another in the server, and
its answers wait for the last."""
_LEAD = object()
"""A waiting write's answer when the turn is its own to take."""


@define(eq=False)
class _Waiting(Generic[T]):
    item: T
    kind: Hashable
    answer: asyncio.Future[object] = field(
        factory=lambda: asyncio.get_running_loop().create_future()
    )


class Turns(Generic[T, R]):
    """Per key, the writes waiting for a turn; a key is kept only while someone writes or waits."""

    def __init__(self) -> None:
        self._waiting: dict[Hashable, list[_Waiting[T]]] = {}

    async def write(
        self,
        key: Hashable,
        kind: Hashable,
        item: T,
        write: Callable[[Sequence[T]], Awaitable[Sequence[R]]],
    ) -> R:
        """`item`'s outcome: `write` (called with the turn's items, in the order they came, and
        answering one outcome for each) runs it in a turn of `key`, with the writes of `kind`
        that waited for the same turn."""
        me = _Waiting(item, kind)
        queue = self._waiting.get(key)
        if queue is None:
            self._waiting[key] = []  # the turn is mine at once
        else:
            queue.append(me)
            try:
                answer = await me.answer
            except asyncio.CancelledError:
                if me in queue:
                    queue.remove(me)
                elif me.answer.done() and not me.answer.cancelled() and me.answer.result() is _LEAD:
                    self._hand_over(key)  # the turn was handed to me as I was cancelled
                raise
            if answer is not _LEAD:
                return answer  # type: ignore[return-value]  # an earlier turn wrote it
        return await self._take_turn(key, me, write)

    async def _take_turn(
        self,
        key: Hashable,
        me: _Waiting[T],
        write: Callable[[Sequence[T]], Awaitable[Sequence[R]]],
    ) -> R:
        queue = self._waiting[key]
        together = [w for w in queue if w.kind == me.kind and not w.answer.done()][: MOST - 1]
        for w in together:
            queue.remove(w)
        turn = [me, *together]
        try:
            outcomes = await _outcomes(turn, write)
        except BaseException:
            # Cut short (cancelled): what the others' writes came to is unknown, and a write
            # tried again meets its own idempotency key if it was written.
            for w in together:
                _answer(w, DuplicateError("the turn writing this was cut short"))
            raise
        finally:
            self._hand_over(key)
        for w, outcome in zip(together, outcomes[1:], strict=True):
            _answer(w, outcome)
        if isinstance(outcomes[0], BaseException):
            raise outcomes[0]
        return outcomes[0]

    def _hand_over(self, key: Hashable) -> None:
        """The next turn to the first write still waiting, if any."""
        queue = self._waiting[key]
        while queue:
            first = queue.pop(0)
            if not first.answer.done():  # done: cancelled while it waited
                first.answer.set_result(_LEAD)
                return
        del self._waiting[key]

    def __len__(self) -> int:
        """Keys someone writes or waits for."""
        return len(self._waiting)


def _answer(waiting: _Waiting[T], outcome: object) -> None:
    if waiting.answer.done():  # cancelled while its turn ran
        return
    if isinstance(outcome, BaseException):
        waiting.answer.set_exception(outcome)
    else:
        waiting.answer.set_result(outcome)


async def _outcomes(
    turn: Sequence[_Waiting[T]], write: Callable[[Sequence[T]], Awaitable[Sequence[R]]]
) -> list[R | Exception]:
    """Each write's outcome: the turn's together, or each alone if that failed."""
    try:
        return list(await write([w.item for w in turn]))
    except Exception as exc:  # noqa: BLE001 (each write's own outcome is found below)
        if len(turn) == 1:
            return [exc]
    alone: list[R | Exception] = []
    for w in turn:
        if w is not turn[0] and w.answer.done():  # cancelled: its unit let go of its connection
            alone.append(DuplicateError("its writer was cancelled"))  # told no one
            continue
        try:
            alone.append((await write([w.item]))[0])
        except Exception as exc:  # noqa: BLE001 (raised again to its own writer)
            alone.append(exc)
    return alone
