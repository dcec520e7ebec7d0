"""Signatures as docs/webhooks.md states them, checked against an independent HMAC."""

import base64
import binascii
import datetime as dt
import hashlib
import hmac
import re
import secrets

import pytest
from standardwebhooks import Webhook

from service.webhooks.signing import (
    SignatureError,
    is_standard_secret,
    new_secret,
    sign,
    sign_standard,
    standard_key,
    standard_secret,
    verify,
)

BODY = b'{"id":"evt_1","type":"transaction.observed","data":{"grossCents":500}}'
NOW = 1_790_000_000


@pytest.fixture
def secret() -> str:
    return new_secret()


def test_header_matches_an_independent_hmac(secret: str) -> None:
    header = sign(BODY, [secret], NOW)
    expected = hmac.new(secret.encode(), f"{NOW}.".encode() + BODY, hashlib.sha256).hexdigest()
    assert header == f"t={NOW},v1={expected}"


def test_roundtrip(secret: str) -> None:
    verify(BODY, sign(BODY, [secret], NOW), secret, now=NOW)


def test_new_secret_is_prefixed_random_standard_base64() -> None:
    first, second = new_secret(), new_secret()
    assert first != second
    assert re.fullmatch(r"whsec_[A-Za-z0-9+/]{43}=", first)
    assert len(base64.b64decode(first.removeprefix("whsec_"), validate=True)) == 32


def test_the_standard_signature_verifies_with_the_library_and_an_independent_hmac(
    secret: str,
) -> None:
    header = sign_standard("dlv_1", BODY, [secret], NOW)
    key = base64.b64decode(secret.removeprefix("whsec_"))
    mac = hmac.new(key, b"dlv_1." + str(NOW).encode() + b"." + BODY, hashlib.sha256).digest()
    assert header == "v1," + base64.b64encode(mac).decode()
    # The library with the secret exactly as shown recomputes the same value.
    when = dt.datetime.fromtimestamp(NOW, dt.UTC)
    assert Webhook(secret).sign("dlv_1", when, BODY.decode()) == header
    assert standard_secret(secret) == secret


def test_one_standard_entry_per_secret_while_rolling(secret: str) -> None:
    old = new_secret()
    header = sign_standard("dlv_1", BODY, [secret, old], NOW)
    when = dt.datetime.fromtimestamp(NOW, dt.UTC)
    assert header.split(" ") == [
        Webhook(secret).sign("dlv_1", when, BODY.decode()),
        Webhook(old).sign("dlv_1", when, BODY.decode()),
    ]


def test_a_secret_made_before_keys_the_standard_signature_with_the_bytes_it_encodes() -> None:
    # How secrets were made before (`token_urlsafe(32)`); these bytes encode with `-` and `_`,
    # which the library's decoder skips (one without them would happen to decode the same).
    raw_bytes = secrets.token_bytes(30) + b"\xfb\xff"
    legacy = "whsec_" + base64.urlsafe_b64encode(raw_bytes).decode().rstrip("=")
    assert "-" in legacy or "_" in legacy
    assert not is_standard_secret(legacy)
    raw = base64.urlsafe_b64decode(legacy.removeprefix("whsec_") + "=")
    assert standard_key(legacy) == raw == raw_bytes
    converted = standard_secret(legacy)
    assert is_standard_secret(converted) and converted != legacy
    when = dt.datetime.fromtimestamp(NOW, dt.UTC)
    header = sign_standard("dlv_1", BODY, [legacy], NOW)
    assert Webhook(converted).sign("dlv_1", when, BODY.decode()) == header
    # The library given the old string as is refuses it or decodes another key (it skips `-`
    # and `_`): it never verifies.
    try:
        as_is = Webhook(legacy).sign("dlv_1", when, BODY.decode())
    except binascii.Error:
        as_is = None
    assert as_is != header
    # The x-svc-signature header is unchanged: keyed with the whole string.
    verify(BODY, sign(BODY, [legacy], NOW), legacy, now=NOW)


@pytest.mark.parametrize(
    "body", [BODY.replace(b"500", b"501"), BODY + b" ", b"", BODY[:-1]], ids=str
)
def test_tampered_body_is_refused(secret: str, body: bytes) -> None:
    with pytest.raises(SignatureError) as info:
        verify(body, sign(BODY, [secret], NOW), secret, now=NOW)
    assert info.value.reason == "no_match"


def test_wrong_secret_is_refused(secret: str) -> None:
    with pytest.raises(SignatureError) as info:
        verify(BODY, sign(BODY, [secret], NOW), new_secret(), now=NOW)
    assert info.value.reason == "no_match"


def test_changed_timestamp_is_refused(secret: str) -> None:
    header = sign(BODY, [secret], NOW).replace(f"t={NOW}", f"t={NOW + 1}")
    with pytest.raises(SignatureError) as info:
        verify(BODY, header, secret, now=NOW)
    assert info.value.reason == "no_match"


@pytest.mark.parametrize("skew", [-300, 0, 300])
def test_timestamp_inside_the_window_is_accepted(secret: str, skew: int) -> None:
    verify(BODY, sign(BODY, [secret], NOW + skew), secret, now=NOW)


@pytest.mark.parametrize("skew", [-301, 301, -86_400])
def test_stale_or_future_timestamp_is_refused(secret: str, skew: int) -> None:
    with pytest.raises(SignatureError) as info:
        verify(BODY, sign(BODY, [secret], NOW + skew), secret, now=NOW)
    assert info.value.reason == "stale"


def test_tolerance_is_configurable(secret: str) -> None:
    header = sign(BODY, [secret], NOW - 30)
    verify(BODY, header, secret, now=NOW, tolerance=30)
    with pytest.raises(SignatureError):
        verify(BODY, header, secret, now=NOW, tolerance=29)


def test_rolling_secret_signs_with_new_and_old(secret: str) -> None:
    old = new_secret()
    header = sign(BODY, [secret, old], NOW)
    assert header.count("v1=") == 2
    verify(BODY, header, secret, now=NOW)
    verify(BODY, header, old, now=NOW)
    with pytest.raises(SignatureError):
        verify(BODY, header, new_secret(), now=NOW)


def test_unknown_schemes_are_ignored(secret: str) -> None:
    header = sign(BODY, [secret], NOW) + ",v2=future-scheme"
    verify(BODY, header, secret, now=NOW)


@pytest.mark.parametrize(
    "header",
    [
        "",
        "garbage",
        "v1=" + "a" * 64,
        f"t={NOW}",
        f"t=,v1={'a' * 64}",
        f"t=soon,v1={'a' * 64}",
        f"t=-5,v1={'a' * 64}",
        f"t={NOW},t={NOW},v1={'a' * 64}",
        f"t={NOW},v1=nothex",
        f"t={NOW},v1={'a' * 63}",
        f"t={NOW},v1={'é' * 64}",
        f"t={NOW},,v1={'a' * 64}",
    ],
)
def test_malformed_headers_are_refused(secret: str, header: str) -> None:
    with pytest.raises(SignatureError) as info:
        verify(BODY, header, secret, now=NOW)
    assert info.value.reason == "malformed"


def test_sign_refuses_no_secrets_and_bad_timestamps() -> None:
    with pytest.raises(ValueError):
        sign(BODY, [], NOW)
    with pytest.raises(ValueError):
        sign(BODY, ["whsec_x"], -1)
