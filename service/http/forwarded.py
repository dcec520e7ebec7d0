"""Which address a request came from, believing `X-Forwarded-For` only from known proxies.

Peers listed in `COUNTERSIGN_FORWARDED_ALLOW_IPS` (none by default, `*` for any) are proxies:
their `X-Forwarded-For` is read from the right, skipping further trusted proxies, so a client
cannot pick its own address by sending the header itself.
"""

from __future__ import annotations

import ipaddress

from starlette.requests import Request


class ClientAddress:
    def __init__(self, allowed: tuple[str, ...]) -> None:
        self.any = "*" in allowed
        self.networks = [
            ipaddress.ip_network(item, strict=False) for item in allowed if item != "*"
        ]

    def trusted(self, address: str) -> bool:
        if self.any:
            return True
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in network for network in self.networks)

    def of(self, request: Request) -> str:
        peer = request.client.host if request.client else "unknown"
        if not self.trusted(peer):
            return peer
        hops = [hop.strip() for hop in request.headers.get("x-forwarded-for", "").split(",")]
        hops = [hop for hop in hops if hop]
        for hop in reversed(hops):
            if not self.trusted(hop):
                return hop
        return hops[0] if hops else peer
