"""The operations' storage ports: pruning finished records, worker heartbeats, backlogs."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Protocol

from service.operations.model import Backlog, Heartbeat


class Retention(Protocol):
    """Deletes finished records, at most `limit` rows of one kind per call: the caller runs
    a few calls in each short unit and loops until a call comes back short."""

    async def prune_deliveries(self, before: dt.datetime, limit: int) -> tuple[int, int]:
        """Finished deliveries created before `before` and their attempts: (deliveries,
        attempts) removed."""

    async def prune_events(self, before: dt.datetime, limit: int) -> int:
        """Dispatched events created before `before` that no delivery refers to any more."""

    async def prune_sessions(self, now: dt.datetime, limit: int) -> int: ...
    async def prune_invites(self, now: dt.datetime, limit: int) -> int: ...
    async def prune_links(self, before: dt.datetime, limit: int) -> int:
        """Links that expired before `before` (every link is finished once expired)."""

    async def prune_allowance_uses(self, before: dt.datetime, limit: int) -> int:
        """Allowance uses recorded before `before` (an allowance counts only the last day)."""

    async def prune_limit_uses(self, before: dt.datetime, limit: int) -> int:
        """Daily limits' numbers taken before `before`, but each account's newest."""

    async def prune_heartbeats(self, before: dt.datetime) -> int: ...
    def writes_queue(self) -> bool:
        """True where a write unit holds the one write lock every writer waits for (SQLite), so
        a prune batch delays creations; False where it locks only the rows it deletes."""

    def others_waiting(self) -> bool:
        """True while another writer of this process waits for the lock this unit holds (a
        creation queued behind a prune batch): the batch then ends early and lets it go first."""

    async def checkpoint(self) -> int:
        """Copy what the write-ahead log holds into the database file, waiting for no one and
        off the event loop, in a unit with no transaction (SQLite: else the commit that passes
        the log's limit copies it, on the loop, with the lock held); the log's pages then.
        PostgreSQL's checkpointer does this itself: 0."""

    async def reclaim(self, pages: int) -> int:
        """Give free pages back to the file system where the database needs telling (SQLite's
        incremental vacuum); the number of pages freed."""

    async def tidy_search(self, pages: int) -> int:
        """Merge what writes queued beside the search indexes into them, about `pages` pages
        of work an index (searches read every queued piece until then); the work done, 0 once
        nothing is left."""


class Heartbeats(Protocol):
    async def beat(self, beat: Heartbeat) -> None: ...
    async def remove(self, worker_id: str) -> None: ...
    async def list(self) -> Sequence[Heartbeat]: ...


class Backlogs(Protocol):
    async def snapshot(self) -> Backlog: ...
