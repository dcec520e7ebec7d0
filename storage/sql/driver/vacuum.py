"""SQLite gives deleted pages back to the file system only with auto-vacuum, which an existing
file switches to only through a VACUUM (it rewrites the file; it cannot run in a transaction, so
alembic cannot do it). `SqlStore.migrate` calls this once per file; afterwards prune batches
free pages with `PRAGMA incremental_vacuum` (repos/operations.py's SqlRetention.reclaim)."""

from __future__ import annotations

import sqlite3

INCREMENTAL = 2  # PRAGMA auto_vacuum: 0 none, 1 full, 2 incremental


def use_incremental_vacuum(path: str) -> bool:
    """Switch the file at `path` to incremental auto-vacuum; True when it had to (VACUUM ran)."""
    raw = sqlite3.connect(path, isolation_level=None, timeout=30.0)
    try:
        if raw.execute("PRAGMA auto_vacuum").fetchone()[0] == INCREMENTAL:
            return False
        raw.execute(f"PRAGMA auto_vacuum={INCREMENTAL}")
        raw.execute("VACUUM")
        return True
    finally:
        raw.close()
