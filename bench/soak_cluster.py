"""The soak's deployment: bench/cluster.py's processes with one steady worker (its memory is
measured over the whole run) and one victim (killed again and again), and the two endpoints it
adds on the receiver so deliveries fan out to three."""

from __future__ import annotations

from pathlib import Path

from bench.cluster_processes import Cluster, Proc
from service.settings import Settings


def rss_mb(pid: int | None) -> float | None:
    if pid is None:
        return None
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


class Soak(Cluster):
    """bench/cluster.py's deployment, with one steady worker and one victim."""

    WORKERS = ("worker-steady", "worker-victim")

    def watched(self) -> dict[str, Proc]:
        return {n: self.procs[n] for n in ("api1", "api2", *self.WORKERS)}


async def seed_endpoints(soak: Soak, seeded: dict, settings: Settings) -> list[str]:
    """Two more endpoints on the receiver beside the seed's event endpoint: another event
    endpoint and the revenue push (transaction.observed), each with its own secret."""
    from service.app import build_services
    from service.domain.clock import SystemClock
    from service.domain.principal import Principal
    from service.webhooks import usecases as hooks

    services = build_services(settings)
    secrets = [seeded["signing"]]
    try:
        principal = Principal.person(seeded["workspace"], seeded["owner"], "owner")
        events = await hooks.add_event_endpoint(
            services.store,
            SystemClock(),
            principal,
            soak.receiver_url + "/hooks/b",
            None,
            box=services.secrets,
            allow_loopback=True,
        )
        revenue = await hooks.set_transaction_endpoint(
            services.store,
            SystemClock(),
            principal,
            soak.receiver_url + "/hooks/revenue",
            box=services.secrets,
            allow_loopback=True,
        )
        for endpoint in (events, revenue):
            secrets.append(hooks.shown_secrets(endpoint, services.secrets)[0]["secret"])
    finally:
        await services.store.close()
    return secrets
