"""The limits' settings, the memory default pruning what it counted, and which proxies are
believed about the client's address."""

from __future__ import annotations

import asyncio
import time

import pytest
from starlette.requests import Request

from service.http.forwarded import ClientAddress
from service.http.ratelimit import RateLimiter, limits_storage
from service.settings import Settings, SettingsError


def request_from(peer: str, forwarded: str | None = None) -> Request:
    headers = [(b"x-forwarded-for", forwarded.encode())] if forwarded else []
    return Request({"type": "http", "client": (peer, 5000), "headers": headers})


def test_settings_read_the_limits_storage_and_proxies():
    settings = Settings.from_env(
        {
            "COUNTERSIGN_LIMITS_STORAGE": "redis://10.0.0.5:6379/2",
            "COUNTERSIGN_FORWARDED_ALLOW_IPS": "10.0.0.1, 10.1.0.0/16",
        }
    )
    assert settings.limits_storage == "redis://10.0.0.5:6379/2"
    assert settings.forwarded_allow_ips == ("10.0.0.1", "10.1.0.0/16")
    defaults = Settings.from_env({})
    assert (defaults.limits_storage, defaults.forwarded_allow_ips) == ("memory://", ())
    with pytest.raises(SettingsError, match="LIMITS_STORAGE"):
        Settings.from_env({"COUNTERSIGN_LIMITS_STORAGE": "memcached://x"})
    with pytest.raises(SettingsError, match="FORWARDED_ALLOW_IPS"):
        Settings.from_env({"COUNTERSIGN_FORWARDED_ALLOW_IPS": "proxy.internal"})


def test_forwarded_for_is_believed_only_from_listed_proxies():
    nobody = ClientAddress(())
    assert nobody.of(request_from("127.0.0.1", "203.0.113.9")) == "127.0.0.1"
    proxies = ClientAddress(("10.0.0.0/8",))
    assert proxies.of(request_from("10.0.0.2", "203.0.113.9")) == "203.0.113.9"
    # A client's own header is on the left; the proxy appends the address it saw.
    assert proxies.of(request_from("10.0.0.2", "1.2.3.4, 203.0.113.9, 10.0.0.3")) == "203.0.113.9"
    assert proxies.of(request_from("203.0.113.5", "1.2.3.4")) == "203.0.113.5"
    assert proxies.of(request_from("10.0.0.2")) == "10.0.0.2"


async def test_memory_storage_forgets_windows_that_ended():
    storage = limits_storage("memory://", "unused")
    limiter = RateLimiter(storage, limit=2, window=1, name="api")
    assert [await limiter.hit("key_a") for _ in range(3)][:2] == [None, None]
    assert "key_a" in "".join(storage.storage)
    deadline = time.monotonic() + 10
    while any("key_a" in key for key in storage.storage) and time.monotonic() < deadline:
        await asyncio.sleep(0.1)
        await limiter.hit("key_b")  # a hit starts a sweep of ended windows (once a second)
    assert not any("key_a" in key for key in storage.storage)
    assert await limiter.hit("key_a") is None
