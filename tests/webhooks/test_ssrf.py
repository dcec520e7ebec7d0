"""The destination guard refuses every non-public address, however it is spelled."""

import ipaddress
from collections.abc import Awaitable, Callable

import pytest

from service.webhooks.ssrf import UnsafeDestination, check_destination

Resolver = Callable[[str, int], Awaitable[list[str]]]


def resolving_to(*addresses: str) -> Resolver:
    """A resolver that answers every name with `addresses`, recording what was asked."""

    async def resolve(host: str, port: int) -> list[str]:
        resolve.asked.append((host, port))  # type: ignore[attr-defined]
        return list(addresses)

    resolve.asked = []  # type: ignore[attr-defined]
    return resolve


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "address",
    [
        "10.1.2.3",
        "192.168.0.10",
        "172.16.0.1",
        "172.31.255.255",
        "127.0.0.1",
        "127.9.9.9",
        "::1",
        "169.254.169.254",
        "fe80::1",
        "fe80::1%eth0",
        "::ffff:127.0.0.1",
        "::ffff:10.0.0.1",
        "::ffff:169.254.169.254",
        "64:ff9b::a00:1",
        "2002:a00:1::",
        "0.0.0.0",
        "::",
        "100.64.0.1",
        "224.0.0.1",
        "ff02::1",
        "fc00::1",
        "fd12:3456::1",
        "fec0::1",
        "240.0.0.1",
        "255.255.255.255",
        "192.0.2.1",
        "2001:db8::1",
    ],
)
async def test_non_public_addresses_are_refused(address: str) -> None:
    with pytest.raises(UnsafeDestination):
        await check_destination("https://hooks.example.com/x", resolver=resolving_to(address))


@pytest.mark.asyncio
async def test_public_address_is_allowed_and_returned() -> None:
    resolver = resolving_to("93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946")
    addresses = await check_destination("https://Hooks.Example.com:8443/in", resolver=resolver)
    assert addresses == (
        ipaddress.ip_address("93.184.216.34"),
        ipaddress.ip_address("2606:2800:220:1:248:1893:25c8:1946"),
    )
    assert resolver.asked == [("hooks.example.com", 8443)]  # type: ignore[attr-defined]


@pytest.mark.asyncio
async def test_one_private_answer_among_public_ones_is_refused() -> None:
    with pytest.raises(UnsafeDestination, match=r"10\.0\.0\.1"):
        await check_destination(
            "https://hooks.example.com/", resolver=resolving_to("93.184.216.34", "10.0.0.1")
        )


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "url",
    [
        "http://hooks.example.com/",
        "ftp://hooks.example.com/",
        "hooks.example.com/x",
        "https:///nohost",
        "https://user:pass@hooks.example.com/",
        "https://user@hooks.example.com/",
        "https://hooks.example.com:99999/",
    ],
)
async def test_bad_urls_are_refused_before_resolving(url: str) -> None:
    resolver = resolving_to("93.184.216.34")
    with pytest.raises(UnsafeDestination):
        await check_destination(url, resolver=resolver)
    assert resolver.asked == []  # type: ignore[attr-defined]


@pytest.mark.asyncio
async def test_http_is_refused_for_loopback_without_the_flag() -> None:
    with pytest.raises(UnsafeDestination, match="https"):
        await check_destination("http://localhost:8200/", resolver=resolving_to("127.0.0.1"))


@pytest.mark.asyncio
@pytest.mark.parametrize("url", ["http://localhost:8200/hooks", "https://localhost/hooks"])
async def test_loopback_is_allowed_with_the_flag(url: str) -> None:
    resolver = resolving_to("127.0.0.1", "::1")
    await check_destination(url, allow_loopback=True, resolver=resolver)


@pytest.mark.asyncio
async def test_the_flag_does_not_open_private_ranges_or_public_http() -> None:
    with pytest.raises(UnsafeDestination):
        await check_destination(
            "https://h.example/", allow_loopback=True, resolver=resolving_to("10.0.0.1")
        )
    with pytest.raises(UnsafeDestination, match="https"):
        await check_destination(
            "http://h.example/", allow_loopback=True, resolver=resolving_to("93.184.216.34")
        )


@pytest.mark.asyncio
async def test_resolution_failure_and_empty_answers_are_refused() -> None:
    async def failing(host: str, port: int) -> list[str]:
        raise OSError("Name or service not known")

    with pytest.raises(UnsafeDestination, match="could not be resolved"):
        await check_destination("https://nowhere.invalid/", resolver=failing)
    with pytest.raises(UnsafeDestination, match="no addresses"):
        await check_destination("https://nowhere.invalid/", resolver=resolving_to())


@pytest.mark.asyncio
async def test_system_resolver_handles_ip_literals() -> None:
    with pytest.raises(UnsafeDestination, match="loopback"):
        await check_destination("https://127.0.0.1/")
    with pytest.raises(UnsafeDestination, match="link-local"):
        await check_destination("https://[fe80::1]/")
    assert await check_destination("https://93.184.216.34/") == (
        ipaddress.ip_address("93.184.216.34"),
    )
