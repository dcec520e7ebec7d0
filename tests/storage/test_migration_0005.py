"""Migration 0005 on a database with rows: link tokens become hashes (links already sent keep
working), events take their account's or link's mode, endpoints become live, and the service
re-seals the plaintext signing secrets when it starts (a migration has no key)."""

from __future__ import annotations

import datetime as dt
import json

import sqlalchemy as sa

from service.domain.ids import hash_secret
from service.kit.crypto import SecretBox
from service.webhooks.models import open_secret
from service.webhooks.reseal import reseal_webhook_secrets
from storage.migrate import migrate
from storage.sql.driver.engine import make_engine
from storage.sql.store import SqlStore

NOW = dt.datetime(2026, 11, 20, 12, 0, tzinfo=dt.UTC)
ROWS = [
    "INSERT INTO workspaces (id, name, created_at) VALUES ('ws_1', 'A', :now)",
    (
        "INSERT INTO accounts (workspace_id, id, mode, username, status, writes_enabled, counts, "
        "revenue30d) VALUES ('ws_1', 'sb_1', 'test', 'sandy', 'healthy', true, '{}', '{}')"
    ),
    (
        "INSERT INTO links (id, workspace_id, mode, status, step, token, created_at, expires_at, "
        "state) VALUES ('link_t', 'ws_1', 'test', 'failed', null, 'tok-test', :now, :now, '{}'), "
        "('link_l', 'ws_1', 'live', 'waiting', null, 'tok-live', :now, :now, '{}')"
    ),
    (
        "INSERT INTO events (id, workspace_id, type, account_id, data, created_at) VALUES "
        "('evt_1', 'ws_1', 'transaction.observed', 'sb_1', '{}', :now), "
        "('evt_2', 'ws_1', 'link.failed', null, '{\"id\": \"link_t\"}', :now), "
        "('evt_3', 'ws_1', 'action.executed', '40001', '{}', :now)"
    ),
    (
        "INSERT INTO webhook_endpoints (id, workspace_id, kind, url, secrets, failing, created_at) "
        "VALUES ('whe_1', 'ws_1', 'events', 'https://hooks.example.com/x', "
        '\'[{"secret": "whsec_plain", "expiresAt": null}]\', false, :now)'
    ),
]


async def test_upgrade_converts_existing_rows(empty_url):
    engine = make_engine(empty_url)
    try:
        await migrate(engine, "7e1f0c3a9b21")
        async with engine.begin() as conn:
            for statement in ROWS:
                await conn.execute(sa.text(statement), {"now": NOW})
        await migrate(engine)
        async with engine.connect() as conn:
            links = dict((await conn.execute(sa.text("SELECT id, token_hash FROM links"))).all())
            modes = dict((await conn.execute(sa.text("SELECT id, mode FROM events"))).all())
            endpoint_mode = (
                await conn.execute(sa.text("SELECT mode FROM webhook_endpoints"))
            ).scalar_one()
        assert links == {"link_t": hash_secret("tok-test"), "link_l": hash_secret("tok-live")}
        assert modes == {"evt_1": "test", "evt_2": "test", "evt_3": "live"}
        assert endpoint_mode == "live"

        store, box = SqlStore.from_url(empty_url), SecretBox("k")
        assert await reseal_webhook_secrets(store, box) == 1
        assert await reseal_webhook_secrets(store, box) == 0, "sealed rows are left alone"
        async with store.reading() as uow:
            [endpoint] = await uow.webhooks.every()
            assert await uow.links.get_by_token_hash(hash_secret("tok-live")) is not None
        assert "secret" not in endpoint.secrets[0]
        assert "whsec_plain" not in json.dumps(endpoint.secrets)
        assert open_secret(endpoint.secrets[0], box) == "whsec_plain"
        await store.close()
    finally:
        await engine.dispose()
