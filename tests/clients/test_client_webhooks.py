"""The client's signature check (standard library only) agrees with the service's signer."""

from __future__ import annotations

import pytest
from countersign_client import SignatureError, verify_signature

from service.webhooks.signing import new_secret, sign

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
