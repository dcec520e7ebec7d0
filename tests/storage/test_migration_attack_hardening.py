"""Revision a21hardening on a database with rows: an open link's attempt count moves from its
JSON state to its own column, and stored `link.failed` events lose the link's URL."""

from __future__ import annotations

import datetime as dt
import json

import sqlalchemy as sa

from storage.migrate import migrate
from storage.sql.driver.engine import make_engine

NOW = dt.datetime(2026, 11, 20, 12, 0, tzinfo=dt.UTC)
URL = "https://cs.example/link/tok-secret"
ROWS = [
    "INSERT INTO workspaces (id, name, created_at) VALUES ('ws_1', 'A', :now)",
    (
        "INSERT INTO links (id, workspace_id, mode, status, step, token_hash, created_at, "
        "expires_at, state) VALUES "
        "('link_o', 'ws_1', 'live', 'in_progress', null, 'h1', :now, :now, '{\"attempts\": 3}'), "
        "('link_n', 'ws_1', 'live', 'waiting', null, 'h2', :now, :now, '{}')"
    ),
    (
        "INSERT INTO events (id, workspace_id, type, account_id, data, created_at, mode) VALUES "
        f"('evt_1', 'ws_1', 'link.failed', null, '{{\"id\": \"link_f\", \"url\": \"{URL}\"}}', "
        ":now, 'live'), "
        "('evt_2', 'ws_1', 'account.connected', null, '{\"url\": \"kept\"}', :now, 'live')"
    ),
]


async def test_upgrade_moves_attempts_and_strips_link_urls(empty_url):
    engine = make_engine(empty_url)
    try:
        await migrate(engine, "a18i0018text")
        async with engine.begin() as conn:
            for statement in ROWS:
                await conn.execute(sa.text(statement), {"now": NOW})
        await migrate(engine)
        async with engine.connect() as conn:
            attempts = dict((await conn.execute(sa.text("SELECT id, attempts FROM links"))).all())
            rows = (await conn.execute(sa.text("SELECT id, data FROM events ORDER BY id"))).all()
        data = {i: json.loads(d) if isinstance(d, str) else d for i, d in rows}
        assert attempts == {"link_o": 3, "link_n": 0}
        assert data == {"evt_1": {"id": "link_f"}, "evt_2": {"url": "kept"}}
    finally:
        await engine.dispose()
