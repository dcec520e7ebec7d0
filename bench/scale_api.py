"""bench.scale's reads as requests (`--through api`): `GET /v1/...` with a live key of the seeded
workspace, through the whole app in process (ASGI, as bench/hot_path_cpu.py drives it)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from bench.in_process import bench_settings
from bench.scale_seed import ACCOUNT, CHAT, NOW
from storage.sql.store import SqlStore

PAGE = 25  # the API's default page
Read = Callable[[], Awaitable[Any]]


def api_paths(s: dict[str, Any]) -> dict[str, str]:
    """The reads of bench/scale.py's `_store_reads` as the requests a client sends."""
    fans = f"/v1/accounts/{ACCOUNT}/fans?limit={PAGE}"
    messages = f"/v1/accounts/{ACCOUNT}/chats/{CHAT}/messages?limit={PAGE}"
    actions = f"/v1/actions?limit={PAGE}"
    paths = {
        "fans, first page": fans,
        "fans search, one match": f"{fans}&search={s['fan_term']}",
        "fans search, a tenth": f"{fans}&search=common",
        "fans search, two letters": f"{fans}&search={s['fan_prefix']}",
        "messages, first page": messages,
        "messages search, one match": f"{messages}&search={s['message_term']}",
        "messages search, a tenth": f"{messages}&search=refund",
        "actions": actions,
        "actions ?accountId=": f"{actions}&accountId={ACCOUNT}",
        "actions ?status=failed": f"{actions}&status=failed",
        "actions ?status=pending": f"{actions}&status=pending",
        "actions ?status=expired": f"{actions}&status=expired",
        "actions ?accountId=&status=failed": f"{actions}&accountId={ACCOUNT}&status=failed",
    }
    return paths


def _api_reads(app: Any, key: str, s: dict[str, Any]) -> dict[str, Read]:
    """`api_paths` through the app in process; every answer must be a 200."""
    from bench.hot_path_cpu import _request, _scope

    def requesting(path: str) -> Read:
        async def read() -> Any:
            status, body = await _request(app, _scope("GET", path, key, []), b"")
            if status != 200:
                raise SystemExit(f"GET {path}: {status} {body[:300]!r}")
            return body

        return read

    return {name: requesting(path) for name, path in api_paths(s).items()}


async def live_key(store: SqlStore, ws: str) -> str:
    """A live key of the seeded workspace."""
    from service.domain.clock import ManualClock
    from service.domain.principal import Principal
    from service.keys.usecases import create_key

    principal = Principal.operator(ws)
    scopes = ["read", "write"]
    _, key = await create_key(
        store, ManualClock(NOW), principal, name="scale", scopes=scopes, mode="live"
    )
    return key


async def app_reads(url: str, store: SqlStore, s: dict[str, Any]) -> tuple[dict[str, Read], Any]:
    """A live key of the seeded workspace and the app serving it: its reads, and its stop."""
    from bench.hot_path_cpu import _lifespan
    from service.app import create_app
    from service.domain.clock import ManualClock

    key = await live_key(store, s["ws"])
    # At the seed's time, as the store's reads are: no action is overdue with no expirer running.
    app = create_app(bench_settings(url), clock=ManualClock(NOW))
    return _api_reads(app, key, s), await _lifespan(app)
