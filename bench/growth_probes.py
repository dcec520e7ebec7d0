"""Another writer beside bench/growth.py's pruner, in a thread with its own connection: how long
a prune keeps the write lock from the rest of a deployment (SQLite), or how long another
connection's small write takes while a prune runs (PostgreSQL, whose locks are per row)."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import time
from pathlib import Path

import asyncpg


class LockProbe:
    """Another process's writer, as a thread with its own connection: while a prune runs, it
    takes the write lock again and again (BEGIN IMMEDIATE, one tiny UPDATE, COMMIT) and records
    the longest it waited for it, which is how long someone else held it. Odd tries wait the way
    our second process would (SQLite's busy handler: sleeps of 1, 2, 5, 10, … ms, so the wait
    overshoots the hold); even tries poll every half millisecond (close to the hold itself). A
    wait that began or ended outside the prune is not counted (the bench's own writes come
    between prunes, back to back, and would starve it)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.measuring = threading.Event()
        self.stop = threading.Event()
        self.round = 0  # bumped when a prune starts and when it ends
        self.longest_wait_ms = 0.0
        self.longest_unavailable_ms = 0.0
        self.thread = threading.Thread(target=self._run, daemon=True)

    def start_prune(self) -> None:
        self.round += 1
        self.measuring.set()

    def end_prune(self) -> None:
        self.measuring.clear()
        self.round += 1

    def _begin_polling(self, raw: sqlite3.Connection) -> None:
        while True:
            try:
                raw.execute("BEGIN IMMEDIATE")
                return
            except sqlite3.OperationalError:
                time.sleep(0.0005)

    def _run(self) -> None:
        raw = sqlite3.connect(self.path, isolation_level=None, timeout=30)
        raw.execute("INSERT INTO counters (name, value) VALUES ('growth-probe', 0)")
        tries = 0
        while not self.stop.is_set():
            if not self.measuring.wait(0.05):
                continue
            began = self.round
            tries += 1
            polling = tries % 2 == 0
            raw.execute(f"PRAGMA busy_timeout={0 if polling else 30000}")
            started = time.perf_counter()
            if polling:
                self._begin_polling(raw)
            else:
                raw.execute("BEGIN IMMEDIATE")
            waited = (time.perf_counter() - started) * 1000
            raw.execute("UPDATE counters SET value = value + 1 WHERE name = 'growth-probe'")
            raw.execute("COMMIT")
            if self.round == began and self.measuring.is_set():
                if polling:
                    self.longest_unavailable_ms = max(self.longest_unavailable_ms, waited)
                else:
                    self.longest_wait_ms = max(self.longest_wait_ms, waited)
            time.sleep(0.001)  # let the pruner take the lock back
        raw.close()


class PgWriterProbe:
    """On PostgreSQL: another connection commits a small write (a counter row, as every unit
    of ours that numbers something does) again and again while a prune runs, and records the
    longest such transaction, BEGIN to COMMIT."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.measuring = threading.Event()
        self.stop = threading.Event()
        self.round = 0
        self.longest_wait_ms = 0.0
        self.longest_unavailable_ms = 0.0  # not measured on PostgreSQL
        self.thread = threading.Thread(target=lambda: asyncio.run(self._run()), daemon=True)

    start_prune = LockProbe.start_prune
    end_prune = LockProbe.end_prune

    async def _run(self) -> None:
        raw = await asyncpg.connect(self.url)
        await raw.execute("INSERT INTO counters (name, value) VALUES ('growth-probe', 0)")
        while not self.stop.is_set():
            if not self.measuring.is_set():
                await asyncio.sleep(0.05)
                continue
            began = self.round
            started = time.perf_counter()
            async with raw.transaction():
                await raw.execute(
                    "UPDATE counters SET value = value + 1 WHERE name = 'growth-probe'"
                )
            waited = (time.perf_counter() - started) * 1000
            if self.round == began and self.measuring.is_set():
                self.longest_wait_ms = max(self.longest_wait_ms, waited)
            await asyncio.sleep(0.001)
        await raw.close()
