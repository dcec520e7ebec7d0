"""A scheduled action says when it runs on the inbox card and on its approval page."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from service.domain.clock import isoformat
from tests.dashboard.dashboard_helpers import MESSAGE, create_action, sign_in
from tests.factories import build_world


@pytest.fixture
async def world(store, clock):
    return await build_world(store, clock)


async def test_inbox_card_and_approval_page_say_runs_at(client, world, clock):
    await sign_in(client)
    run_at = clock.now() + dt.timedelta(hours=5)
    scheduled = await create_action(client, world, "s1", {**MESSAGE, "runAt": isoformat(run_at)})
    plain = await create_action(client, world, "p1")
    inbox = (await client.get("/dashboard/approvals")).text
    cards = {
        m.group(1): m.group(0)
        for m in re.finditer(r'data-action-id="([^"]+)".*?</li>', inbox, re.DOTALL)
    }
    assert f'data-run-at="{scheduled["id"]}"' in cards[scheduled["id"]]
    assert "runs at" in cards[scheduled["id"]]
    assert "runs at" not in cards[plain["id"]]
    page = (await client.get(f"/dashboard/actions/{scheduled['id']}")).text
    assert 'id="runs-at"' in page and 'id="run-at"' in page
    assert run_at.strftime("%Y") in page
    plain_page = (await client.get(f"/dashboard/actions/{plain['id']}")).text
    assert 'id="run-at"' not in plain_page
