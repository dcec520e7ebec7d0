"""What a storage driver raises, in the kernel's terms: each driver maps its own errors to
these, so callers answer 503 or refuse a duplicate without knowing the driver."""

from __future__ import annotations


class StorageBusy(Exception):
    """No database connection came free in time: the caller should answer 503 and move on
    rather than queue behind a stalled pool."""


class StorageUnavailable(StorageBusy):
    """The database did not answer (refused, unreachable, timed out): as temporary as a busy
    pool for the caller, who should answer 503 and retry."""


class StorageError(Exception):
    """The database failed a statement (a missing table, a broken connection, a refused
    value): each driver maps its own errors to this one, so callers never inspect a driver's
    exception types."""


class DuplicateError(Exception):
    """A unique constraint refused the row (for example an idempotency key already used)."""
