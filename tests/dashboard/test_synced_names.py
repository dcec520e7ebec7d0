"""People and agents read names, not ids: the stored `summary` names the fans and lists an
action's params name by their synced names (the id where nothing is synced), and the API, the
inbox card and the action page show that one text. Over HTTP with a real session, both
drivers."""

from __future__ import annotations

import html

import pytest

from tests.dashboard.dashboard_helpers import create_action, csrf_of, sign_in
from tests.factories import build_world


@pytest.fixture
async def world(store, clock):
    return await build_world(store, clock)


async def test_fans_and_lists_are_named_by_their_synced_names(client, world):
    sandbox = world.sandbox_accounts[0]
    auth = world.auth(world.test_key)
    fan = (await client.get(f"/v1/accounts/{sandbox}/fans?limit=1", headers=auth)).json()["data"][0]
    [fan_list, *_] = (await client.get(f"/v1/accounts/{sandbox}/lists", headers=auth)).json()[
        "data"
    ]
    body = {"type": "add_fan_to_list", "params": {"fanId": fan["id"], "listId": fan_list["id"]}}
    added = await create_action(client, world, "n1", body, token=world.test_key, account=sandbox)
    unknown = await create_action(
        client,
        world,
        "n2",
        {"type": "send_message", "params": {"fanId": "9999999", "text": "<p>Hi</p>"}},
        token=world.test_key,
        account=sandbox,
    )
    label = f"{fan['name']} (@{fan['username']})" if fan["name"] else f"@{fan['username']}"
    # The API's summary, as stored at creation, names them; ids only where nothing is synced.
    summary = added["summary"]
    assert f"fan {label}" in summary and f'list "{fan_list["name"]}"' in summary, summary
    assert fan["id"] not in summary and fan_list["id"] not in summary
    assert "fan 9999999" in unknown["summary"]

    await sign_in(client)
    csrf = await csrf_of(client)
    await client.post(
        "/dashboard/mode", data={"csrf_token": csrf, "mode": "test", "next": "/dashboard/approvals"}
    )
    inbox = html.unescape((await client.get("/dashboard/approvals")).text)
    assert summary in inbox and unknown["summary"] in inbox
    page = html.unescape((await client.get(f"/dashboard/actions/{added['id']}")).text)
    assert f"<h1>{summary}</h1>" in page
    other = html.unescape((await client.get(f"/dashboard/actions/{unknown['id']}")).text)
    assert f"<h1>{unknown['summary']}</h1>" in other

    stored = (await client.get(f"/v1/actions/{added['id']}", headers=auth)).json()["data"]
    assert stored["summary"] == summary
