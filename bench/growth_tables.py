"""What bench/growth.py measures of the database after each simulated day: its size (the SQLite
file after a checkpoint, or PostgreSQL's tables with their indexes and TOAST), how much of that
is tables kept for ever, and the rows of the tables the pruner keeps bounded."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import asyncpg

from storage.sql.store import SqlStore

KEPT_FOR_EVER = ("actions", "audit_log", "transactions")


def size_of(path: Path) -> tuple[int, int, dict[str, int]]:
    """The file's size after a checkpoint, how much of it is tables kept for ever (with their
    indexes), and each table's bytes with its indexes, from SQLite's dbstat."""
    raw = sqlite3.connect(path)
    raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    tables = dict(
        raw.execute(
            "SELECT m.tbl_name, sum(pgsize) FROM dbstat JOIN sqlite_master m ON m.name = "
            "dbstat.name GROUP BY m.tbl_name"
        ).fetchall()
    )
    raw.close()
    kept = sum(tables.get(name, 0) for name in KEPT_FOR_EVER)
    wal = path.with_name(path.name + "-wal")
    return path.stat().st_size + (wal.stat().st_size if wal.exists() else 0), kept, tables


async def pg_size_of(store: SqlStore) -> tuple[int, int, dict[str, int]]:
    """Every table's pg_total_relation_size (heap, indexes, TOAST), summed; and the kept ones."""
    async with store.reading() as uow:
        rows = await uow.conn.exec_driver_sql(
            "SELECT relname, pg_total_relation_size(oid) FROM pg_class "
            "WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace"
        )
        tables = {str(name): int(size) for name, size in rows}
    kept = sum(tables.get(name, 0) for name in KEPT_FOR_EVER)
    return sum(tables.values()), kept, tables


async def counts(store: SqlStore) -> dict[str, int]:
    out = {}
    async with store.reading() as uow:
        for table in ("actions", "events", "deliveries", "delivery_attempts"):
            out[table] = (await uow.conn.exec_driver_sql(f"SELECT count(*) FROM {table}")).scalar()
    return out


async def vacuum_pruned(url: str) -> None:
    raw = await asyncpg.connect(url)
    try:
        for table in ("delivery_attempts", "deliveries", "events"):
            await raw.execute(f"VACUUM {table}")
    finally:
        await raw.close()
