"""Revision a22h0017pack on real data, on both drivers: actions written before it (text on
SQLite) read back exactly the same once migrated, and SQLite then stores them packed (summary and
JSON columns deflated, the fingerprint as 32 bytes). New rows are written packed from the start
and read the same as old ones. PostgreSQL's rows are not rewritten."""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa

from service.actions.creation import create_action
from service.domain.clock import ManualClock
from service.domain.principal import Principal
from service.workspaces.usecases import create_workspace
from storage.migrate import HEAD, current_revision, migrate
from storage.sql.driver.engine import make_engine
from storage.sql.driver.packing import unpack
from storage.sql.store import SqlStore
from tests.factories import add_live_account
from tests.storage.staged_rows import copy_rows, read_staged, staged

BEFORE = "a22g0016cmpt"
NOW = dt.datetime(2026, 11, 1, 12, 0, tzinfo=dt.UTC)
PACKED = {
    "params": "params",
    "summary": "summary",
    "requested_by": "people",
    "warnings": "warnings",
    "result": "outcome",
    "error": "outcome",
    "decided_by": "people",
    "approvals": "people",
}
TIMES = (
    "created_at",
    "expires_at",
    "decided_at",
    "executed_at",
    "claimed_at",
    "edited_at",
    "next_attempt_at",
    "retrying_since",
)
COLUMNS = (*PACKED, "fingerprint", *TIMES)
EPOCH = dt.datetime(1970, 1, 1)


def _before_0017(column: str, value):
    """A value as the code before revision 0017 stored it on SQLite."""
    if isinstance(value, bytes) and column == "fingerprint":
        return value.hex()
    if isinstance(value, bytes):
        return unpack(value, PACKED[column])
    if isinstance(value, int) and column in TIMES:
        return (EPOCH + dt.timedelta(microseconds=value)).strftime("%Y-%m-%d %H:%M:%S.%f")
    return value


async def as_written_before_0017(conn) -> None:
    """SQLite: every action stored as the code before revision 0017 wrote it."""
    rows = await conn.execute(sa.text(f"SELECT id, {', '.join(COLUMNS)} FROM actions"))
    for action_id, *values in rows.all():
        await conn.execute(
            sa.text(
                f"UPDATE actions SET {', '.join(f'{c} = :{c}' for c in COLUMNS)} WHERE id = :id"
            ),
            {c: _before_0017(c, v) for c, v in zip(COLUMNS, values, strict=True)}
            | {"id": action_id},
        )


async def _make_rows(store: SqlStore) -> tuple[str, list[str]]:
    """Three actions through the use case: one left pending, one executed by a person's
    approval (decidedBy, approvals, result), one failed (error), with non-ASCII text."""
    clock = ManualClock(NOW)
    workspace = await create_workspace(store, clock, "W")
    await add_live_account(store, clock, workspace.id)
    agent = Principal(
        workspace_id=workspace.id,
        mode="live",
        kind="api_key",
        label="backend",
        scopes=frozenset({"read", "write"}),
        key_id="key_1",
    )
    made = []
    for key, text in (
        ("k1", "Hello, here is é and ü"),
        ("k2", "<p>Thanks!</p>"),
        ("k3", "x" * 300),
    ):
        created = await create_action(
            store,
            clock,
            agent,
            "40001",
            key,
            "send_message",
            {"fanId": "123456", "text": text},
        )
        made.append(created.action.id)
    person = {"kind": "user", "id": "usr_1", "name": "Zoë", "email": "zoe@example.com"}
    async with store.transaction() as uow:
        done = await uow.actions.transition(
            made[1],
            ["pending"],
            "executed",
            decided_by=person,
            decided_at=NOW,
            executed_at=NOW,
            approvals=[person | {"at": NOW.isoformat()}],
            result={"messageId": "m1", "fanId": "123456"},
        )
        failed = await uow.actions.transition(
            made[2],
            ["pending"],
            "failed",
            decided_at=NOW,
            executed_at=NOW,
            error={"code": "platform_error", "message": "Refused: ☂", "retryable": False},
        )
    assert done is not None and failed is not None
    return workspace.id, made


async def _read(store: SqlStore, workspace_id: str, ids: list[str]):
    async with store.reading() as uow:
        return [await uow.actions.get(workspace_id, i) for i in ids]


async def _stored(engine, ids: list[str]) -> list[dict]:
    select = sa.text(f"SELECT {', '.join(COLUMNS)} FROM actions WHERE id = :id")
    async with engine.connect() as conn:
        return [dict((await conn.execute(select, {"id": i})).mappings().one()) for i in ids]


async def test_old_rows_read_identically_and_are_stored_packed(empty_url, stage_url):
    engine = make_engine(empty_url)
    store = SqlStore.from_url(empty_url)
    sqlite = empty_url.startswith("sqlite")
    try:
        # Made and read by today's code at the head revision, then stored at BEFORE's schema.
        workspace_id, ids = await staged(stage_url, _make_rows)
        before = await read_staged(stage_url, lambda staged: _read(staged, workspace_id, ids))
        await migrate(engine, BEFORE)
        await copy_rows(stage_url, empty_url)
        old, new = ids, []
        if sqlite:
            # Store every row as the code before this revision did: text, hex fingerprints.
            async with engine.begin() as conn:
                await as_written_before_0017(conn)
            stored = await _stored(engine, ids)
            assert all(isinstance(v, str | None) for row in stored for v in row.values())
            assert all(len(row["fingerprint"]) == 64 for row in stored)
            assert stored[0]["created_at"] == "2026-11-01 12:00:00.000000"
        assert before[1].decided_by["name"] == "Zoë" and before[2].error["message"] == "Refused: ☂"

        await migrate(engine)
        assert await current_revision(engine) == HEAD
        assert await _read(store, workspace_id, ids) == before

        # A row written now reads like the old ones did.
        clock = ManualClock(NOW)
        agent = Principal(
            workspace_id=workspace_id,
            mode="live",
            kind="api_key",
            label="backend",
            scopes=frozenset({"read", "write"}),
            key_id="key_1",
        )
        created = await create_action(
            store,
            clock,
            agent,
            "40001",
            "k4",
            "send_message",
            {"fanId": "123456", "text": "Hello, here is é and ü"},
        )
        new = [created.action.id]
        fresh = (await _read(store, workspace_id, new))[0]
        assert (fresh.params, fresh.summary, fresh.warnings, fresh.requested_by) == (
            before[0].params,
            before[0].summary,
            before[0].warnings,
            before[0].requested_by,
        )
        assert fresh.fingerprint == before[0].fingerprint

        stored = await _stored(engine, old + new)
        if sqlite:
            assert all(len(row["fingerprint"]) == 32 for row in stored)
            assert all(isinstance(row["fingerprint"], bytes) for row in stored)
            assert all(isinstance(row["summary"], bytes) for row in stored)
            assert all(isinstance(row["params"], bytes) for row in stored)
            assert isinstance(stored[1]["decided_by"], bytes)
            assert isinstance(stored[2]["error"], bytes)
            assert stored[3] == stored[0]
            micros = (NOW - dt.datetime(1970, 1, 1, tzinfo=dt.UTC)) // dt.timedelta(microseconds=1)
            assert [row["created_at"] for row in stored] == [micros] * 4
            assert stored[1]["decided_at"] == stored[1]["executed_at"] == micros
            assert stored[0]["decided_at"] is None
        else:
            assert all(isinstance(row["fingerprint"], str) for row in stored)
            assert stored[1]["result"] == {"messageId": "m1", "fanId": "123456"}
    finally:
        await store.close()
        await engine.dispose()
