"""The webhooks page: push URL and event endpoints, signing secrets, test send and its log."""

from __future__ import annotations

import re

import pytest

from harness.receiver import Receiver, run_receiver_in_thread
from tests.dashboard.dashboard_helpers import csrf_of, sign_in
from tests.factories import build_world

JSON = {"accept": "application/json"}


@pytest.fixture
async def world(store, clock):
    return await build_world(store, clock)


@pytest.fixture
def receiver():
    receiver = Receiver()
    with run_receiver_in_thread(receiver) as url:
        yield receiver, url


async def test_push_url_test_send_and_delivery_log(client, world, store, receiver):
    target, url = receiver
    await sign_in(client)
    csrf = await csrf_of(client, "/dashboard/webhooks")
    saved = await client.post(
        "/dashboard/webhooks/push", data={"csrf_token": csrf, "url": url + "/revenue"}
    )
    assert saved.status_code == 303
    page = (await client.get("/dashboard/webhooks")).text
    endpoint_id = re.search(r'data-endpoint-id="(whe_[^"]+)"', page).group(1)
    secret = re.search(r'value="([^"]+)" id="sec-' + endpoint_id, page).group(1)
    target.set_secrets([secret])
    sent = await client.post(
        f"/dashboard/webhooks/endpoints/{endpoint_id}/test", data={"csrf_token": csrf}
    )
    assert sent.status_code == 303
    [delivery] = target.wait_for(1)
    assert delivery.accepted
    log = (await client.get("/dashboard/webhooks")).text
    assert 'class="delivery-status">succeeded<' in log
    async with store.reading() as uow:
        actions = {
            e.action for e in await uow.audit.list(world.workspace_id) if e.actor["kind"] == "user"
        }
    assert {"webhook.set", "webhook.test_sent"} <= actions


async def test_unsafe_urls_are_refused(client, world):
    await sign_in(client)
    csrf = await csrf_of(client, "/dashboard/webhooks")
    for bad in ("ftp://example.com/x", "https://10.1.2.3/hook", "not a url"):
        refused = await client.post(
            "/dashboard/webhooks/endpoints", headers=JSON, data={"csrf_token": csrf, "url": bad}
        )
        assert refused.status_code == 400, bad
        assert refused.json()["error"]["code"] == "invalid_parameter"
        assert refused.json()["error"]["param"] == "url"
