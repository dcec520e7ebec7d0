"""Revision a22g0016cmpt on real data, on both drivers: rows written the old way (JSON `null` in
nullable JSON columns, `requestedBy` with its null members, SQLite's JSON with whitespace) read
exactly as before once migrated, and are stored the new, smaller way. New rows are written small
from the start and read the same as old ones."""

from __future__ import annotations

import datetime as dt
import json

import sqlalchemy as sa

from service.actions.creation import create_action
from service.domain.clock import ManualClock
from service.domain.principal import Principal
from service.kit.crypto import SecretBox
from service.webhooks.usecases import add_event_endpoint
from service.workspaces.usecases import create_workspace
from storage.migrate import HEAD, current_revision, migrate
from storage.sql.driver.engine import make_engine
from storage.sql.driver.packing import unpack
from storage.sql.store import SqlStore
from tests.factories import add_live_account, owner_of
from tests.storage.staged_rows import copy_rows, read_staged, staged
from tests.storage.test_migration_packed_actions import as_written_before_0017

BEFORE = "a22e0015pati"
NOW = dt.datetime(2026, 11, 1, 12, 0, tzinfo=dt.UTC)
NULLABLE = ("price", "decided_by", "result", "error", "requested_params", "edited_by", "last_error")
JSON_COLUMNS = ("params", "requested_by", "warnings", "approvals", *NULLABLE)
PACKED_WITH = {  # revision 0017 packs these on SQLite: this test reads them as text
    "params": "params",
    "requested_by": "people",
    "warnings": "warnings",
    "approvals": "people",
    "decided_by": "people",
    "result": "outcome",
    "error": "outcome",
    "summary": "summary",
}


def _text(value, column: str):
    return unpack(value, PACKED_WITH[column]) if isinstance(value, bytes) else value


async def _make_rows(store: SqlStore) -> tuple[str, str, str]:
    """A workspace with an endpoint (an audit entry) and two actions, through the use cases."""
    clock = ManualClock(NOW)
    workspace = await create_workspace(store, clock, "W")
    await add_live_account(store, clock, workspace.id)
    owner = owner_of(workspace.id, "usr_1", "owner@example.com")
    await add_event_endpoint(
        store, clock, owner, "http://127.0.0.1:9/h", box=SecretBox("s"), allow_loopback=True
    )
    agent = Principal(
        workspace_id=workspace.id,
        mode="live",
        kind="api_key",
        label="backend",
        scopes=frozenset({"read", "write"}),
        key_id="key_1",
    )
    made = []
    for key in ("k1", "k2"):
        created = await create_action(
            store,
            clock,
            agent,
            "40001",
            key,
            "send_message",
            {"fanId": "123456", "text": "Hello, here is é and ü"},
        )
        made.append(created.action.id)
    return workspace.id, made[0], made[1]


async def _read(store: SqlStore, workspace_id: str, ids: tuple[str, ...]):
    async with store.reading() as uow:
        actions = [await uow.actions.get(workspace_id, i) for i in ids]
        audit = await uow.audit.list(workspace_id)
    return actions, audit


async def test_old_rows_read_identically_and_are_stored_smaller(empty_url, stage_url):
    engine = make_engine(empty_url)
    store = SqlStore.from_url(empty_url)
    sqlite = empty_url.startswith("sqlite")
    try:
        # Made and read by today's code at the head revision, then stored at BEFORE's schema.
        workspace_id, old_id, new_id = await staged(stage_url, _make_rows)
        ids = (old_id, new_id)
        before = await read_staged(stage_url, lambda staged: _read(staged, workspace_id, ids))
        await migrate(engine, BEFORE)
        await copy_rows(stage_url, empty_url)
        # Rewrite `old_id` and every audit entry as the code before this revision stored them.
        select = sa.text(f"SELECT {', '.join(JSON_COLUMNS)} FROM actions WHERE id = :id")
        async with engine.begin() as conn:
            if sqlite:
                await as_written_before_0017(conn)
            row = (await conn.execute(select, {"id": old_id})).mappings().one()
            values = {
                c: json.loads(_text(row[c], c)) if sqlite and row[c] is not None else row[c]
                for c in JSON_COLUMNS
            }
            values["requested_by"] = {"client": None, "tool": None} | values["requested_by"]
            values["requested_by"] = {
                k: values["requested_by"][k] for k in ("kind", "label", "client", "tool")
            }
            cast = "" if sqlite else "::jsonb"
            await conn.execute(
                sa.text(
                    "UPDATE actions SET "
                    + ", ".join(f"{c} = CAST(:{c} AS TEXT){cast}" for c in JSON_COLUMNS)
                    + " WHERE id = :id"
                ),
                {"id": old_id} | {c: json.dumps(v) for c, v in values.items()},
            )
            audit_rows = await conn.execute(sa.text("SELECT id, actor, details FROM audit_log"))
            for audit_id, actor, details in audit_rows.all():
                loaded = [json.loads(v) if sqlite else v for v in (actor, details)]
                await conn.execute(
                    sa.text(
                        f"UPDATE audit_log SET actor = CAST(:a AS TEXT){cast},"
                        f" details = CAST(:d AS TEXT){cast} WHERE id = :id"
                    ),
                    {"id": audit_id, "a": json.dumps(loaded[0]), "d": json.dumps(loaded[1])},
                )
            if sqlite:
                stored = (await conn.execute(select, {"id": old_id})).mappings().one()
                assert stored["price"] == "null" and ", " in stored["params"]
        old, new = before[0]
        assert (
            old.requested_by
            == new.requested_by
            == {
                "kind": "api_key",
                "label": "backend",
                "client": None,
                "tool": None,
            }
        )
        assert old.price is None and old.requested_params is None

        await migrate(engine, "a22g0016cmpt")  # the next revision packs them (its own test)
        assert await current_revision(engine) == "a22g0016cmpt"

        async with engine.connect() as conn:
            nulls = " + ".join(f"(CASE WHEN {c} IS NULL THEN 1 ELSE 0 END)" for c in NULLABLE)
            counted = (
                await conn.execute(sa.text(f"SELECT id, {nulls} FROM actions ORDER BY id"))
            ).all()
            assert [n for _id, n in counted] == [len(NULLABLE), len(NULLABLE)]
            by = (await conn.execute(sa.text("SELECT requested_by FROM actions"))).scalars().all()
            assert [json.loads(_text(b, "requested_by")) if sqlite else b for b in by] == [
                {"kind": "api_key", "label": "backend"}
            ] * 2
            if sqlite:
                texts = []
                for column in ("params", "requested_by", "warnings"):
                    values = await conn.execute(sa.text(f"SELECT {column} FROM actions"))
                    texts += [_text(v, column) for v in values.scalars()]
                for column in ("actor", "details"):
                    values = await conn.execute(sa.text(f"SELECT {column} FROM audit_log"))
                    texts += list(values.scalars())
                compact = [json.dumps(json.loads(t), separators=(",", ":")) for t in texts]
                assert texts and compact == texts

        # Read by today's code once at the head revision: exactly as they were written.
        await migrate(engine)
        assert await current_revision(engine) == HEAD
        assert await _read(store, workspace_id, ids) == before
    finally:
        await store.close()
        await engine.dispose()
