"""Synced messages are served from the text we stored, on both drivers (revision a18i0018text):
PostgreSQL keeps it as `json`, so a read hands the stored text over (`StoredJson`) instead of
decoding and encoding each message again; rows stored as `jsonb` before the revision are
rewritten compact."""

from __future__ import annotations

import json

import sqlalchemy as sa

from service.domain.stored_json import StoredJson
from storage.migrate import HEAD, current_revision, migrate
from storage.sql.driver.engine import make_engine
from storage.sql.driver.types import compact_json
from storage.sql.store import SqlStore

BEFORE = "a22h0017pack"


def message(n: int, text: str = "<p>hello</p>") -> dict:
    return {
        "id": f"m{n}",
        "fanId": "f1",
        "fromCreator": n % 2 == 0,
        "text": text,
        "price": {"amount": 500, "currency": "USD"} if n == 1 else None,
        "mediaIds": [],
        "massMessageId": None,
        "createdAt": f"2026-11-01T12:0{n}:00.000Z",
    }


async def test_a_page_of_messages_is_the_stored_text(store):
    async with store.transaction() as uow:
        await uow.synced.add_messages("ws_1", "acc_1", [message(n) for n in range(3)])
        await uow.synced.add_messages("ws_1", "acc_1", [message(3, "<p>café</p>")])
    async with store.transaction() as uow:
        page = await uow.synced.rendered_messages("ws_1", "acc_1", "f1", limit=10)
        decoded = await uow.synced.messages("ws_1", "acc_1", "f1", limit=10)
    assert [m if isinstance(m, dict) else json.loads(m) for m in page] == decoded
    assert [m["id"] for m in decoded] == ["m3", "m2", "m1", "m0"]
    assert not isinstance(page[0], StoredJson)  # stored escaped (caf\u00e9): the slow way
    assert all(isinstance(m, StoredJson) for m in page[1:])
    assert page[1:] == [compact_json(message(n)) for n in (2, 1, 0)]


async def test_messages_stored_before_the_revision_are_rewritten_compact(empty_url):
    engine = make_engine(empty_url)
    postgres = engine.dialect.name == "postgresql"
    try:
        await migrate(engine, BEFORE)
        async with engine.begin() as conn:
            await conn.execute(
                sa.text(
                    "INSERT INTO synced_messages (workspace_id, account_id, id, fan_id,"
                    " created_at, text, data) VALUES (:ws, 'acc_1', :id, 'f1',"
                    " '2026-11-01 12:00:00', 'x',"
                    + (" CAST(:data AS jsonb))" if postgres else " :data)")
                ),
                [  # more than two batches, in three workspaces
                    {"ws": f"ws_{n % 3}", "id": f"m{n}", "data": json.dumps(message(n % 10))}
                    for n in range(2503)
                ],
            )
        await migrate(engine)
        assert await current_revision(engine) == HEAD
        async with engine.connect() as conn:
            stored = (
                await conn.execute(sa.text("SELECT id, CAST(data AS TEXT) FROM synced_messages"))
            ).all()
            if postgres:
                kind = await conn.scalar(
                    sa.text(
                        "SELECT data_type FROM information_schema.columns WHERE"
                        " table_name = 'synced_messages' AND column_name = 'data'"
                    )
                )
                assert kind == "json"
        assert len(stored) == 2503
        for message_id, text in stored:
            assert json.loads(text) == message(int(message_id[1:]) % 10)
            if postgres:  # SQLite keeps the text it was given: this revision leaves it alone
                assert '": ' not in text and ", " not in text
        await migrate(engine, BEFORE)  # and back: jsonb again, the same values
        async with engine.connect() as conn:
            back = dict(
                (
                    await conn.execute(
                        sa.text("SELECT id, CAST(data AS TEXT) FROM synced_messages")
                    )
                ).all()
            )
        assert {k: json.loads(v) for k, v in back.items()} == {k: json.loads(v) for k, v in stored}
    finally:
        await engine.dispose()


async def test_the_store_serves_rows_the_revision_rewrote(empty_url):
    engine = make_engine(empty_url)
    try:
        await migrate(engine, BEFORE)
        async with engine.begin() as conn:
            await conn.execute(
                sa.text(
                    "INSERT INTO synced_messages (workspace_id, account_id, id, fan_id,"
                    " created_at, text, data) VALUES ('ws_1', 'acc_1', 'm1', 'f1',"
                    " '2026-11-01 12:00:00', 'x', :data)"
                ),
                {"data": compact_json(message(1))},
            )
        await migrate(engine)
    finally:
        await engine.dispose()
    store = SqlStore.from_url(empty_url)
    try:
        async with store.transaction() as uow:
            page = await uow.synced.rendered_messages("ws_1", "acc_1", "f1")
        assert [json.loads(m) for m in page] == [message(1)]  # keys in jsonb's order there
        assert isinstance(page[0], StoredJson)
    finally:
        await store.close()
