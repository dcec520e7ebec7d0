"""Revision d8a22e0b0008 on real data, on both drivers: deliveries stop copying their event's
body. A delivery of a dispatched event keeps pointing at it; a test send (which had no event row)
gets an event row made from the body it carried, so every delivery can still be sent again."""

from __future__ import annotations

import datetime as dt
import json

import sqlalchemy as sa

from storage.migrate import HEAD, current_revision, migrate
from storage.sql.driver.engine import make_engine
from storage.sql.driver.types import Json, UtcDateTime

BEFORE = "c7ee5e70007a"
NOW = dt.datetime(2026, 11, 1, 12, 0, tzinfo=dt.UTC)

_old_deliveries = sa.table(
    "deliveries",
    *(sa.column(n, sa.String) for n in ("id", "endpoint_id", "workspace_id", "event_id")),
    *(sa.column(n, sa.String) for n in ("event_type", "ordering_key", "payload", "status")),
    sa.column("attempts", sa.Integer),
    sa.column("seq", sa.BigInteger),
    sa.column("created_at", UtcDateTime),
    sa.column("next_attempt_at", UtcDateTime),
)
_events = sa.table(
    "events",
    *(sa.column(n, sa.String) for n in ("id", "workspace_id", "type", "mode", "account_id")),
    sa.column("data", Json),
    sa.column("created_at", UtcDateTime),
    sa.column("dispatched_at", UtcDateTime),
    sa.column("seq", sa.BigInteger),
)


def _delivery(delivery_id: str, event_id: str, body: dict, seq: int) -> dict:
    return {
        "id": delivery_id,
        "endpoint_id": "whe_1",
        "workspace_id": "ws_1",
        "event_id": event_id,
        "event_type": body["type"],
        "ordering_key": "whe_1:40001",
        "payload": json.dumps(body),
        "status": "succeeded",
        "attempts": 1,
        "seq": seq,
        "created_at": NOW,
        "next_attempt_at": None,
    }


async def test_deliveries_keep_their_events_and_test_sends_get_one(empty_url):
    engine = make_engine(empty_url)
    try:
        await migrate(engine, BEFORE)
        async with engine.begin() as conn:
            await conn.execute(
                sa.text("INSERT INTO workspaces (id, name, created_at) VALUES ('ws_1', 'W', :at)"),
                {"at": NOW},
            )
            await conn.execute(
                sa.text(
                    "INSERT INTO webhook_endpoints (id, workspace_id, kind, mode, url, secrets,"
                    " failing, created_at) VALUES ('whe_1', 'ws_1', 'events', 'test',"
                    " 'https://hooks.example.com/', '[]', false, :at)"
                ),
                {"at": NOW},
            )
            await conn.execute(
                _events.insert().values(
                    id="evt_real",
                    workspace_id="ws_1",
                    type="link.failed",
                    mode="test",
                    account_id=None,
                    data={"id": "link_1"},
                    created_at=NOW,
                    dispatched_at=NOW,
                )
            )
            test_body = {
                "id": "evt_test",
                "type": "test",
                "createdAt": "2026-11-01T12:00:00.000Z",
                "mode": "test",
                "data": {"message": "A test event from Countersign."},
            }
            real_body = {"id": "evt_real", "type": "link.failed", "data": {"id": "link_1"}}
            await conn.execute(
                _old_deliveries.insert().values(_delivery("dlv_r", "evt_real", real_body, 1))
            )
            await conn.execute(
                _old_deliveries.insert().values(_delivery("dlv_t", "evt_test", test_body, 0))
            )
        await migrate(engine)
        assert await current_revision(engine) == HEAD
        async with engine.connect() as conn:
            rows = (
                await conn.execute(
                    sa.select(
                        _events.c.id,
                        _events.c.type,
                        _events.c.mode,
                        _events.c.data,
                        _events.c.dispatched_at,
                    ).order_by(_events.c.id)
                )
            ).all()
            left = (
                await conn.execute(sa.text("SELECT id, event_id FROM deliveries ORDER BY id"))
            ).all()
        assert [tuple(r) for r in rows] == [
            ("evt_real", "link.failed", "test", {"id": "link_1"}, NOW),
            ("evt_test", "test", "test", {"message": "A test event from Countersign."}, NOW),
        ]
        assert [tuple(r) for r in left] == [("dlv_r", "evt_real"), ("dlv_t", "evt_test")]
    finally:
        await engine.dispose()
