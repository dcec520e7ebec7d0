"""The examples in examples/ run against the real service: the webhook receiver verifies real
deliveries (both signature formats) and refuses forged ones; the revenue poller, run as a user
would run it, stores its cursor and resumes. Both databases."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import ClassVar

import attrs
import httpx
from countersign_client import connect, create_action, wait_for_decision
from countersign_client.generated.api.fans import list_fans
from countersign_client.generated.models import SendMessageRequest

from examples.webhook_receiver import Receiver, serve
from service.kit.crypto import SecretBox
from service.revenue.usecases import observe_transactions
from service.webhooks.signing import new_secret, sign, sign_standard
from service.webhooks.usecases import add_event_endpoint, current_secret
from tests.clients.live import approve_as_a_person, live_world
from tests.dashboard.live_service import run_store

ROOT = Path(__file__).resolve().parents[2]
SIGNATURES = {"x-svc-signature", "webhook-signature"}


def test_webhook_receiver_verifies_real_deliveries(database_url, clock):
    events: list[dict] = []
    executed = threading.Event()

    def handle(event: dict) -> None:
        events.append(event)
        if event["type"] == "action.executed":
            executed.set()

    class Recording(Receiver):
        """The example's receiver, noting which signature headers each delivery carried."""

        headers: ClassVar[list[set[str]]] = []

        def receive(self, body, headers):
            self.headers.append({k.lower() for k in headers} & SIGNATURES)
            return super().receive(body, headers)

    receiver = Recording([], handle)
    server = serve(receiver, port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_port}/hooks"
    try:
        with live_world(database_url, clock) as live:

            async def subscribe(store):
                test_mode = attrs.evolve(live.world.owner, mode="test")
                box = SecretBox(live.settings.secret_key)
                endpoint = await add_event_endpoint(
                    store, clock, test_mode, url, None, box=box, allow_loopback=True
                )
                return current_secret(endpoint, box)

            receiver.secrets.append(run_store(database_url, subscribe))
            with connect(live.base_url, live.world.test_key) as client:
                account = live.world.sandbox_accounts[0]
                fan = list_fans.sync(account, client=client, limit=1).data[0].id
                body = SendMessageRequest.from_dict(
                    {"type": "send_message", "params": {"fanId": fan, "text": "Hello"}}
                )
                action = create_action(client, account, body).data
                approve_as_a_person(live.base_url, action.id)
                assert str(wait_for_decision(client, action.id, timeout=30).status) == "executed"
                assert executed.wait(30), f"no action.executed delivered: {events}"
    finally:
        server.shutdown()
        server.server_close()
    assert {"action.executed"} <= {e["type"] for e in events}
    assert all(e["mode"] == "test" for e in events)
    assert receiver.headers and all(seen == SIGNATURES for seen in receiver.headers)
    assert [e["data"]["id"] for e in events if e["type"] == "action.executed"] == [action.id]


def test_webhook_receiver_refuses_forgeries_and_drops_duplicates():
    secret = new_secret()
    handled: list[dict] = []
    server = serve(Receiver([secret], handled.append), port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_port}/"
    body = json.dumps({"id": "evt_1", "type": "test", "mode": "live", "data": {}}).encode()
    now = int(time.time())
    signed = {
        "x-svc-delivery": "dlv_1",
        "x-svc-signature": sign(body, [secret], now),
        "webhook-id": "dlv_1",
        "webhook-timestamp": str(now),
        "webhook-signature": sign_standard("dlv_1", body, [secret], now),
    }
    try:
        with httpx.Client() as http:
            answers = [
                http.post(url, content=body, headers=signed).status_code,
                http.post(url, content=body, headers=signed).status_code,  # a retry
                http.post(url, content=body + b" ", headers=signed).status_code,
                http.post(
                    url, content=body, headers={**signed, "webhook-signature": "v1,AAAA"}
                ).status_code,
                http.post(url, content=body, headers={"x-svc-delivery": "dlv_2"}).status_code,
                http.post(
                    url,
                    content=body,
                    headers={**signed, "x-svc-signature": sign(body, [new_secret()], now)},
                ).status_code,
            ]
    finally:
        server.shutdown()
        server.server_close()
    assert answers == [200, 200, 400, 400, 400, 400]
    assert handled == [json.loads(body)]  # once, despite the retry


def _row(tx_id: str, **changes) -> dict:
    return {
        "id": tx_id,
        "fanId": "f1",
        "kind": "tip",
        "description": "Tip",
        "status": "pending",
        "grossCents": 500,
        "netCents": 400,
        "feeCents": 100,
        "vatCents": 0,
        "currency": "USD",
        "occurredAt": "2026-11-01T10:00:00Z",
        "deleted": False,
    } | changes


def test_revenue_poller_stores_its_cursor_and_resumes(database_url, clock, tmp_path):
    state = tmp_path / "revenue.json"
    with live_world(database_url, clock) as live:

        def observe(rows):
            async def job(store):
                async with store.transaction() as uow:
                    await observe_transactions(
                        uow, clock.now(), live.world.workspace_id, live.world.live_account, rows
                    )

            run_store(database_url, job)

        def poller() -> str:
            done = subprocess.run(
                [
                    sys.executable,
                    "examples/revenue_poller.py",
                    "--url",
                    live.base_url,
                    "--key",
                    live.world.live_key,
                    "--state",
                    str(state),
                ],
                cwd=ROOT,
                capture_output=True,
                text=True,
                timeout=60,
                check=True,
            )
            return done.stdout.strip()

        observe([_row(f"t{i}") for i in range(3)])
        first = poller()
        cursor = json.loads(state.read_text())["cursor"]
        again = poller()
        observe([_row("t1", status="completed"), _row("t9")])
        resumed = poller()
    saved = json.loads(state.read_text())
    assert (first, again, resumed) == (
        "3 new or changed transactions",
        "0 new or changed transactions",
        "2 new or changed transactions",
    )
    assert cursor and saved["cursor"] != cursor
    assert sorted(saved["transactions"]) == ["t0", "t1", "t2", "t9"]
    assert saved["transactions"]["t1"]["status"] == "completed"
