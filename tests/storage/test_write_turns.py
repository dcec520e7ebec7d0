"""Writes of one key in turn, those that waited together (repos/actions/turns.py): what a turn
takes, what each writer gets back, and that no writer is left waiting when another fails or is
cancelled."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from service.domain.storage_errors import DuplicateError
from storage.sql.repos.actions.turns import MOST, Turns


class Writer:
    """A turn's write that waits until released, recording each turn's items."""

    def __init__(self, failing: frozenset[str] = frozenset()) -> None:
        self.turns: list[list[Any]] = []
        self.release = asyncio.Event()
        self.started = asyncio.Event()
        self.failing = failing
        self.then: Callable[[], object] = lambda: None
        """Called as a turn's write returns."""

    async def write(self, items: Sequence[Any]) -> list[str]:
        self.turns.append(list(items))
        self.started.set()
        await self.release.wait()
        self.then()
        if self.failing & set(items):
            raise ValueError(f"cannot write {sorted(self.failing & set(items))}")
        return [f"wrote {item}" for item in items]


async def _w0_writing(failing: frozenset[str] = frozenset()) -> tuple[Turns[Any, str], Writer, Any]:
    """Turns of one key, and the task of a first write whose turn is under way (held by its
    writer until released)."""
    turns: Turns[Any, str] = Turns()
    writer = Writer(failing)
    first = asyncio.create_task(turns.write("k", "a", "w0", writer.write))
    await _turns(writer, 1)
    return turns, writer, first


async def _waiting_behind(turns: Turns[Any, str], writer: Writer, *items: str) -> list[Any]:
    """Tasks writing `items` (kind "a", key "k"), each waiting for the turn under way."""
    tasks = [asyncio.create_task(turns.write("k", "a", item, writer.write)) for item in items]
    await asyncio.sleep(0)
    return tasks


async def _turns(writer: Writer, n: int) -> None:
    """Until `n` turns have started."""
    async with asyncio.timeout(5):
        while len(writer.turns) < n:
            writer.started.clear()
            await writer.started.wait()


async def test_writes_that_wait_go_together_in_the_next_turn():
    turns, writer, first = await _w0_writing()
    waiting = [asyncio.create_task(turns.write("k", "a", f"w{n}", writer.write)) for n in (1, 2)]
    other_kind = asyncio.create_task(turns.write("k", "b", "x", writer.write))
    other_key = asyncio.create_task(turns.write("j", "a", "y", writer.write))
    await _turns(writer, 2)  # another key does not wait for this one
    writer.release.set()
    answers = await asyncio.gather(first, *waiting, other_kind, other_key)
    assert answers == ["wrote w0", "wrote w1", "wrote w2", "wrote x", "wrote y"]
    assert writer.turns == [["w0"], ["y"], ["w1", "w2"], ["x"]]
    assert len(turns) == 0  # no key is kept once no one writes or waits


async def test_a_turn_takes_at_most_MOST_writes():
    turns, writer, first = await _w0_writing()
    rest = [asyncio.create_task(turns.write("k", "a", n, writer.write)) for n in range(MOST + 3)]
    await asyncio.sleep(0)
    writer.release.set()
    await asyncio.gather(first, *rest)
    assert [len(turn) for turn in writer.turns] == [1, MOST, 3]


async def test_a_failed_turn_writes_each_alone_and_each_gets_its_own_outcome():
    turns, writer, first = await _w0_writing(failing=frozenset({"bad"}))
    together = await _waiting_behind(turns, writer, "w1", "bad", "w2")
    writer.release.set()
    answers = await asyncio.gather(first, *together, return_exceptions=True)
    assert answers[:2] == ["wrote w0", "wrote w1"] and answers[3] == "wrote w2"
    assert isinstance(answers[2], ValueError)
    assert writer.turns == [["w0"], ["w1", "bad", "w2"], ["w1"], ["bad"], ["w2"]]


async def test_a_writer_cancelled_while_it_waits_is_left_out_and_holds_no_one_up():
    turns, writer, first = await _w0_writing()
    gone, kept = await _waiting_behind(turns, writer, "gone", "kept")
    writer.then = gone.cancel  # as the turn ends, before `gone` runs again
    writer.release.set()
    assert await first == "wrote w0"
    assert await asyncio.wait_for(kept, 5) == "wrote kept"  # not left waiting
    writer.then = lambda: None
    with pytest.raises(asyncio.CancelledError):
        await gone
    assert writer.turns == [["w0"], ["kept"]]
    assert len(turns) == 0


async def test_a_writer_cancelled_as_the_turn_reaches_it_hands_the_turn_on():
    turns, writer, first = await _w0_writing()
    handed = asyncio.create_task(turns.write("k", "b", "handed", writer.write))
    after = asyncio.create_task(turns.write("k", "c", "after", writer.write))
    await asyncio.sleep(0)
    # Cancelled after the turn is handed to it and before it runs.
    writer.then = lambda: asyncio.get_running_loop().call_soon(handed.cancel)
    writer.release.set()
    assert await first == "wrote w0"
    writer.then = lambda: None
    with pytest.raises(asyncio.CancelledError):
        await handed
    assert await asyncio.wait_for(after, 5) == "wrote after"  # not left waiting
    assert writer.turns == [["w0"], ["after"]]
    assert len(turns) == 0


async def test_when_a_turn_is_cut_short_the_writes_it_took_are_to_be_tried_again():
    """Whether a turn cut short wrote is unknown: its other writers are told to try again
    (DuplicateError, as after a lost race), and a write tried again meets its own key."""
    turns, writer, first = await _w0_writing()
    leader, follower = await _waiting_behind(turns, writer, "lead", "follow")
    writer.then = writer.release.clear  # the next turn waits
    writer.release.set()
    assert await first == "wrote w0"
    await _turns(writer, 2)
    leader.cancel()
    with pytest.raises(DuplicateError):
        await asyncio.wait_for(follower, 5)
    with pytest.raises(asyncio.CancelledError):
        await leader
    assert writer.turns == [["w0"], ["lead", "follow"]]
    assert len(turns) == 0


async def test_a_writer_cancelled_during_a_failed_turn_is_not_written_alone():
    """Its unit has let go of its connection: the writes tried one by one leave it out."""
    turns, writer, first = await _w0_writing(failing=frozenset({"bad"}))
    together = await _waiting_behind(turns, writer, "w1", "bad", "gone")
    # Cancelled as the turn of three fails.
    writer.then = lambda: len(writer.turns) == 2 and together[2].cancel()
    writer.release.set()
    assert await first == "wrote w0"
    answers = await asyncio.gather(*together, return_exceptions=True)
    assert answers[0] == "wrote w1" and isinstance(answers[1], ValueError)
    assert isinstance(answers[2], asyncio.CancelledError)
    assert writer.turns == [["w0"], ["w1", "bad", "gone"], ["w1"], ["bad"]]
