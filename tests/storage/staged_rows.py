"""Rows for migration tests, made by today's use cases and stored at an older revision.

Today's code writes and reads today's schema (columns and tables added since an old revision),
so it cannot make rows in a database still at that revision. A migration test makes them at
the head revision in a stage database, reads them there (what today's code wrote and reads),
and copies them, column for column as the old schema has them, into the database under test;
then it rewrites them as the old code stored them, migrates, and reads them with today's code.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import sqlalchemy as sa

from storage.migrate import migrate
from storage.sql.driver.engine import make_engine
from storage.sql.store import SqlStore

COPIED = ("workspaces", "accounts", "actions", "audit_log")
"""In foreign-key order: what the migration tests read (actions and audit entries) and the
account they write new actions for."""


async def staged(stage_url: str, make: Callable[[SqlStore], Awaitable[Any]]) -> Any:
    """`make(store)` over a fresh database at the head revision; returns what it returns."""
    engine = make_engine(stage_url)
    try:
        await migrate(engine)
    finally:
        await engine.dispose()
    store = SqlStore.from_url(stage_url)
    try:
        return await make(store)
    finally:
        await store.close()


async def read_staged(stage_url: str, read: Callable[[SqlStore], Awaitable[Any]]) -> Any:
    store = SqlStore.from_url(stage_url)
    try:
        return await read(store)
    finally:
        await store.close()


async def copy_rows(stage_url: str, target_url: str, tables: Sequence[str] = COPIED) -> None:
    """Each table's rows, as stored (the driver's values, no type processing), into the
    columns the target's older schema has."""
    source, target = make_engine(stage_url), make_engine(target_url)
    try:
        for table in tables:
            async with target.connect() as conn:
                described = await conn.run_sync(
                    lambda sync, table=table: sa.inspect(sync).get_columns(table)
                )
            names = [c["name"] for c in described]
            # PostgreSQL's driver reads JSON as values and binds JSON as text.
            as_json = {
                c["name"]
                for c in described
                if target.dialect.name == "postgresql" and isinstance(c["type"], sa.JSON)
            }
            columns = ", ".join(names)
            async with source.connect() as conn:
                rows = (await conn.execute(sa.text(f"SELECT {columns} FROM {table}"))).mappings()
                values = [
                    {k: _json(v) if k in as_json else v for k, v in row.items()}
                    for row in rows.all()
                ]
            if values:
                insert = (
                    f"INSERT INTO {table} ({columns}) VALUES ({', '.join(':' + n for n in names)})"
                )
                async with target.begin() as conn:
                    await conn.execute(sa.text(insert), values)
    finally:
        await source.dispose()
        await target.dispose()


def _json(value: Any) -> Any:
    return None if value is None else json.dumps(value)
