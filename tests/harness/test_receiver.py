"""The test receiver, driven over real HTTP the way the deliverer and QA will drive it."""

import json
import time
import uuid
from collections.abc import Iterator

import httpx
import pytest

from harness.receiver import Receiver, run_receiver_in_thread
from service.webhooks.signing import new_secret, sign, sign_standard

SECRET = new_secret()


@pytest.fixture
def receiver() -> Receiver:
    return Receiver([SECRET])


@pytest.fixture
def base_url(receiver: Receiver) -> Iterator[str]:
    with run_receiver_in_thread(receiver) as url:
        yield url


@pytest.fixture
def client(base_url: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=base_url, timeout=5) as client:
        yield client


def delivery(
    payload: dict | None = None,
    *,
    secrets: list[str] | None = None,
    delivery_id: str | None = None,
    timestamp: int | None = None,
) -> tuple[bytes, dict[str, str]]:
    """A body and headers exactly as the sender produces them (docs/webhooks.md)."""
    body = json.dumps(payload or {"id": "evt_1", "type": "transaction.observed"}).encode()
    at = timestamp or int(time.time())
    delivery_id = delivery_id or f"dlv_{uuid.uuid4().hex}"
    headers = {
        "content-type": "application/json",
        "x-svc-event": "transaction.observed",
        "x-svc-delivery": delivery_id,
        "x-svc-signature": sign(body, secrets or [SECRET], at),
        "webhook-id": delivery_id,
        "webhook-timestamp": str(at),
        "webhook-signature": sign_standard(delivery_id, body, secrets or [SECRET], at),
    }
    return body, headers


@pytest.mark.parametrize("dropped", ["webhook-signature", "webhook-id", "webhook-timestamp"])
def test_a_delivery_without_valid_standard_headers_is_refused(
    client: httpx.Client, receiver: Receiver, dropped: str
) -> None:
    body, headers = delivery()
    del headers[dropped]
    assert client.post("/hooks", content=body, headers=headers).status_code == 400
    [record] = receiver.wait_for(1, where=lambda r: True)
    assert record.verified and not record.standard_verified and not record.accepted


def test_a_standard_signature_by_another_secret_is_refused(
    client: httpx.Client, receiver: Receiver
) -> None:
    body, headers = delivery()
    headers["webhook-signature"] = sign_standard(headers["webhook-id"], body, [new_secret()], 1)
    assert client.post("/hooks", content=body, headers=headers).status_code == 400
    [record] = receiver.wait_for(1, where=lambda r: True)
    assert "standard webhooks" in (record.error or "")


def test_signed_delivery_is_recorded_as_verified(client: httpx.Client, receiver: Receiver) -> None:
    body, headers = delivery({"id": "evt_7", "type": "transaction.observed", "data": {}})
    response = client.post("/hooks", content=body, headers=headers)
    assert response.status_code == 200
    [record] = receiver.wait_for(1)
    assert record.verified and record.accepted and not record.duplicate
    assert record.body == body
    assert record.json["id"] == "evt_7"
    assert record.delivery_id == headers["x-svc-delivery"]
    assert record.event == "transaction.observed"
    assert record.path == "/hooks"
    listed = client.get("/_control/received").json()["received"]
    assert [r["deliveryId"] for r in listed] == [headers["x-svc-delivery"]]
    assert listed[0]["verified"] is True


@pytest.mark.parametrize(
    "tamper",
    ["body", "secret", "stale", "missing"],
)
def test_bad_signature_is_refused_with_400(
    client: httpx.Client, receiver: Receiver, tamper: str
) -> None:
    body, headers = delivery(
        secrets=[new_secret()] if tamper == "secret" else None,
        timestamp=int(time.time()) - 301 if tamper == "stale" else None,
    )
    if tamper == "body":
        body = body.replace(b"evt_1", b"evt_2")
    if tamper == "missing":
        del headers["x-svc-signature"]
    response = client.post("/hooks", content=body, headers=headers)
    assert response.status_code == 400
    [record] = receiver.received
    assert not record.verified and not record.accepted
    assert record.error


def test_duplicate_delivery_id_is_acknowledged_but_not_counted(
    client: httpx.Client, receiver: Receiver
) -> None:
    body, headers = delivery(delivery_id="dlv_same")
    assert client.post("/hooks", content=body, headers=headers).status_code == 200
    assert client.post("/hooks", content=body, headers=headers).status_code == 200
    first, second = receiver.wait_for(2, where=lambda r: r.delivery_id == "dlv_same")
    assert not first.duplicate and second.duplicate
    assert len(receiver.deliveries) == 1
    receiver.clear()
    assert client.post("/hooks", content=body, headers=headers).status_code == 200
    assert [r.duplicate for r in receiver.received] == [False]


def test_fail_mode_answers_the_status_and_a_retry_then_succeeds(
    client: httpx.Client, receiver: Receiver
) -> None:
    mode = client.post("/_control/mode", json={"mode": "fail", "status": 503})
    assert mode.json() == {"mode": "fail", "status": 503}
    body, headers = delivery(delivery_id="dlv_retry")
    assert client.post("/hooks", content=body, headers=headers).status_code == 503
    client.post("/_control/mode", json={"mode": "ok"})
    assert client.post("/hooks", content=body, headers=headers).status_code == 200
    failed, accepted = receiver.received
    assert failed.verified and failed.status == 503 and not failed.accepted
    assert accepted.accepted and not accepted.duplicate


def test_hang_mode_times_the_sender_out_until_recovered(
    base_url: str, client: httpx.Client, receiver: Receiver
) -> None:
    client.post("/_control/mode", json={"mode": "hang"})
    body, headers = delivery()
    impatient = httpx.Client(base_url=base_url, timeout=0.5)
    with impatient, pytest.raises(httpx.TimeoutException):
        impatient.post("/hooks", content=body, headers=headers)
    [hung] = receiver.wait_for(1, where=lambda r: r.mode == "hang")
    assert hung.status is None
    client.post("/_control/mode", json={"mode": "recover"})
    [released] = receiver.wait_for(1, where=lambda r: r.mode == "hang" and r.status == 503)
    assert not released.accepted
    assert client.post("/hooks", content=body, headers=headers).status_code == 200
    assert client.get("/_control/mode").json()["mode"] == "ok"


def test_stopping_does_not_wait_for_a_hung_request() -> None:
    receiver = Receiver([SECRET], hang_seconds=60)
    receiver.set_mode("hang")
    body, headers = delivery()
    started = time.monotonic()
    with run_receiver_in_thread(receiver) as url:
        with httpx.Client(timeout=0.2) as impatient, pytest.raises(httpx.TimeoutException):
            impatient.post(f"{url}/hooks", content=body, headers=headers)
        receiver.wait_for(1, where=lambda r: r.status is None)
    assert time.monotonic() - started < 4


def test_secret_roll_accepts_old_and_new(client: httpx.Client, receiver: Receiver) -> None:
    new = new_secret()
    assert client.put("/_control/secret", json={"secrets": [new, SECRET]}).status_code == 204
    for secrets in ([SECRET], [new], [new, SECRET]):
        body, headers = delivery(secrets=secrets)
        assert client.post("/hooks", content=body, headers=headers).status_code == 200
    client.put("/_control/secret", json={"secrets": [new]})
    body, headers = delivery(secrets=[SECRET])
    assert client.post("/hooks", content=body, headers=headers).status_code == 400


def test_control_api_refuses_bad_input(client: httpx.Client) -> None:
    assert client.post("/_control/mode", json={"mode": "sulk"}).status_code == 400
    assert client.post("/_control/mode", json={"mode": "fail", "status": 200}).status_code == 400
    assert client.put("/_control/secret", json={"secrets": "whsec_x"}).status_code == 400
    assert client.post("/_control/unknown", content=b"{}").status_code == 404
    assert client.delete("/_control/received").status_code == 204


def test_wait_for_reports_what_arrived_on_timeout(receiver: Receiver) -> None:
    with pytest.raises(TimeoutError, match="0 of 1"):
        receiver.wait_for(1, timeout=0.05)
