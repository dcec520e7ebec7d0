"""The destination guard: a webhook URL must not let a customer reach our own network.

Webhook URLs must be public https URLs. A customer who could point the sender at
`http://169.254.169.254/` or `https://10.0.0.5/admin` would turn our worker into a proxy
into the private network, so we resolve the host and refuse every address that is not
globally routable (the rule svix applies in `webhook_http_client.rs::is_allowed`).

Check when the URL is saved (a clear error for the person typing it) and again right
before each send. The sender then connects to one of the addresses returned here (never
resolving the name a second time), so a DNS answer that changes between the check and
the connection (DNS rebinding) cannot aim it elsewhere: see service/webhooks/sender.py.

`allow_loopback` exists for the test harness and local development, where the receiver
listens on 127.0.0.1 over plain http; it never opens private or link-local ranges.
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
from collections.abc import Awaitable, Callable, Iterable
from urllib.parse import urlsplit

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
Resolver = Callable[[str, int], Awaitable[Iterable[str]]]

_NAT64 = ipaddress.IPv6Network("64:ff9b::/96")
_SHARED = ipaddress.IPv4Network("100.64.0.0/10")


class UnsafeDestination(ValueError):
    """A webhook URL we refuse to send to; `reason` says why, in words for the user."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


async def system_resolver(host: str, port: int) -> list[str]:
    """Every address the system resolver gives for `host`, without blocking the loop."""
    infos = await asyncio.get_running_loop().getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return [str(info[4][0]) for info in infos]


def _embedded_ipv4(ip: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    """The IPv4 address an IPv6 address stands for, if it is one of the translated forms."""
    if ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    if ip.sixtofour is not None:
        return ip.sixtofour
    if ip in _NAT64:
        return ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    return None


def _refusal(ip: IPAddress, *, allow_loopback: bool) -> str | None:
    """Why `ip` is not a safe destination, or None when it is."""
    if isinstance(ip, ipaddress.IPv6Address):
        inner = _embedded_ipv4(ip)
        if inner is not None:
            why = _refusal(inner, allow_loopback=allow_loopback)
            return f"{why} (embedded in {ip})" if why else None
    if ip.is_loopback:
        return None if allow_loopback else f"{ip}, a loopback address"
    checks = (
        (ip.is_unspecified, "an unspecified address"),
        (ip.is_link_local, "a link-local address"),
        (ip.is_multicast, "a multicast address"),
        (ip.is_private, "a private address"),
        (ip.is_reserved, "a reserved address"),
        (isinstance(ip, ipaddress.IPv4Address) and ip in _SHARED, "a shared (carrier NAT) address"),
        (isinstance(ip, ipaddress.IPv6Address) and ip.is_site_local, "a site-local address"),
        (not ip.is_global, "an address that is not globally routable"),
    )
    for refused, kind in checks:
        if refused:
            return f"{ip}, {kind}"
    return None


def _parse_ip(text: str) -> IPAddress:
    # getaddrinfo may append an IPv6 zone (`fe80::1%eth0`); the zone does not change the range.
    return ipaddress.ip_address(text.split("%", 1)[0])


async def check_destination(
    url: str, *, allow_loopback: bool = False, resolver: Resolver | None = None
) -> tuple[IPAddress, ...]:
    """Raise `UnsafeDestination` unless every address of `url`'s host is safe to send to.

    Returns the resolved addresses (deduplicated, in resolver order) so a sender can pin
    its connection to them. Plain http is accepted only with `allow_loopback` and only
    when every address is loopback.
    """
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as exc:
        raise UnsafeDestination(f"not a valid URL: {exc}") from None
    scheme = parts.scheme.lower()
    if scheme != "https" and not (scheme == "http" and allow_loopback):
        raise UnsafeDestination("the URL must start with https://")
    if parts.username is not None or parts.password is not None:
        raise UnsafeDestination("the URL must not contain a user name or password")
    host = parts.hostname
    if not host:
        raise UnsafeDestination("the URL has no host")
    port = port or (443 if scheme == "https" else 80)

    resolve = resolver or system_resolver
    try:
        answers = list(await resolve(host, port))
    except (OSError, UnicodeError) as exc:
        raise UnsafeDestination(f"the host {host!r} could not be resolved ({exc})") from None
    addresses: list[IPAddress] = []
    for answer in answers:
        try:
            ip = _parse_ip(answer)
        except ValueError:
            raise UnsafeDestination(f"the resolver returned {answer!r}, not an address") from None
        if ip not in addresses:
            addresses.append(ip)
    if not addresses:
        raise UnsafeDestination(f"the host {host!r} has no addresses")

    for ip in addresses:
        why = _refusal(ip, allow_loopback=allow_loopback)
        if why:
            raise UnsafeDestination(f"the host {host!r} resolves to {why}")
    if scheme == "http" and not all(_is_loopback(ip) for ip in addresses):
        raise UnsafeDestination("the URL must start with https://")
    return tuple(addresses)


def _is_loopback(ip: IPAddress) -> bool:
    if isinstance(ip, ipaddress.IPv6Address):
        inner = _embedded_ipv4(ip)
        if inner is not None:
            return inner.is_loopback
    return ip.is_loopback
