"""The client's signature check (standard library only) agrees with the service's signer."""

from __future__ import annotations

import time

import pytest
from countersign_client import SignatureError, verify_signature, verify_standard
from standardwebhooks import Webhook

from service.webhooks.signing import new_secret, sign, sign_standard

BODY = b'{"id":"evt_1","type":"action.executed","data":{}}'


def test_a_signature_from_the_service_verifies():
    secret = new_secret()
    header = sign(BODY, [secret], 1_764_000_000)
    assert verify_signature(BODY, header, secret, now=1_764_000_100) == 1_764_000_000


def test_either_secret_verifies_while_one_is_rolled():
    old, new = new_secret(), new_secret()
    header = sign(BODY, [new, old], 1_764_000_000)
    assert verify_signature(BODY, header, [old], now=1_764_000_000)
    assert verify_signature(BODY, header, new, now=1_764_000_000)


@pytest.mark.parametrize(
    ("body", "secret_index", "now", "why"),
    [
        (BODY + b" ", 0, 1_764_000_000, "no signature matches"),
        (BODY, 1, 1_764_000_000, "no signature matches"),
        (BODY, 0, 1_764_000_301, "more than 300 seconds"),
        (BODY, 0, 1_763_999_699, "more than 300 seconds"),
    ],
)
def test_a_changed_body_another_secret_or_an_old_signature_is_refused(body, secret_index, now, why):
    secrets = [new_secret(), new_secret()]
    header = sign(BODY, [secrets[0]], 1_764_000_000)
    with pytest.raises(SignatureError, match=why):
        verify_signature(body, header, secrets[secret_index], now=now)


@pytest.mark.parametrize("header", ["", "v1=abc", "t=1764000000", "t=x,v1=00", "garbage"])
def test_a_malformed_header_is_refused(header):
    with pytest.raises(SignatureError):
        verify_signature(BODY, header, new_secret(), now=1_764_000_000)


def test_standard_webhooks_signature_from_the_service_verifies():
    old_style = "whsec_" + "A" * 43  # URL-safe base64 without padding, as before
    for secret in (new_secret(), old_style):
        headers = {
            "webhook-id": "dlv_1",
            "webhook-timestamp": "1764000000",
            "webhook-signature": sign_standard("dlv_1", BODY, [secret], 1_764_000_000),
        }
        assert verify_standard(BODY, headers, secret, now=1_764_000_000) == 1_764_000_000
        with pytest.raises(SignatureError):
            verify_standard(BODY + b"x", headers, secret, now=1_764_000_000)
        with pytest.raises(SignatureError):
            verify_standard(BODY, {**headers, "webhook-id": "dlv_2"}, secret, now=1_764_000_000)
        with pytest.raises(SignatureError, match="300 seconds"):
            verify_standard(BODY, headers, secret, now=1_764_000_301)


def test_standard_webhooks_library_accepts_what_the_client_accepts():
    secret = new_secret()
    headers = {
        "webhook-id": "dlv_9",
        "webhook-timestamp": str(int(time.time())),
        "webhook-signature": sign_standard("dlv_9", BODY, [secret], int(time.time())),
    }
    Webhook(secret).verify(BODY, headers)  # the library's own check, for reference
    assert verify_standard(BODY, headers, secret)
