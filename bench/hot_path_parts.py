"""Where a `GET /v1/actions/{id}` spends its CPU, in process: by layer and by part.

    python -m bench.hot_path_parts [--rounds 9] [--requests 1500]

On PostgreSQL (bench/api_throughput.py's seed), the app built as bench/hot_path_cpu.py builds
it and driven through ASGI. Each round times every variant in turn (CPU a request, after a
warm-up), so they share the machine's state; the table gives each variant's median:

- entered at each layer of the middleware stack in turn, down to the route's own ASGI app
  (what each layer above costs is the difference);
- at the route: as it is; with the rate limit a no-op; with validation answered from a parse
  made once; with the key lookup answered from memory (the key and the action as if read, so
  the statement is the only thing left out).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import time
from collections.abc import Callable
from typing import Any

from bench import quick
from bench.api_throughput import database, seed
from bench.hot_path import paths_of, service_env
from bench.hot_path_cpu import _lifespan, _request, _scope


async def _parts(url: str, seeded: dict[str, str], rounds: int, requests: int) -> None:
    os.environ.update(service_env(url))
    import service.api.endpoint as pipeline
    from bench.service_app import app as factory
    from service.domain.ids import hash_secret
    from storage.sql.repos import keys
    from storage.sql.repos.actions.reads import _ACTION

    app = factory()
    stop = await _lifespan(app)
    services = app.state.services
    path, action_id = paths_of(seeded)["get"], seeded["action"]
    route = next(r for r in app.router.routes if getattr(r, "path", "") == "/v1/actions/{actionId}")

    entries: list[tuple[str, Any]] = [("the app", app)]
    layer = app.middleware_stack
    while layer is not app.router:
        entries.append((f"from {type(layer).__name__}", layer))
        layer = layer.app
    entries += [("from the router", app.router), ("from the route's app", route.app)]

    async with services.store.reading() as uow:
        key = await uow.keys.get_by_hash(hash_secret(seeded["key"]))
        row = (await uow.conn.execute(_ACTION, {"ws": key.workspace_id, "id": action_id})).first()
    validator = services.validators["getAction"]
    parse, parsed = type(validator).parse, None
    parsed = parse(validator, {}, {"actionId": action_id}, {}, b"", None)
    spend, lookup = pipeline.spend, keys.SqlApiKeys.get_by_hash

    async def no_spend(_limiter: Any, _key: str) -> None:
        return None

    async def from_memory(self: Any, _hash: str, _along: Any = None) -> Any:
        self.conn.ahead["actions", key.workspace_id, action_id] = row
        return key

    def parts(name: str) -> None:
        pipeline.spend = no_spend if name == "no rate limit" else spend  # type: ignore[assignment]
        type(validator).parse = (  # type: ignore[method-assign]
            (lambda *_: parsed) if name == "no validation" else parse
        )
        keys.SqlApiKeys.get_by_hash = (  # type: ignore[method-assign]
            from_memory if name == "no statement" else lookup
        )

    variants: list[tuple[str, Any, Callable[[], None]]] = [
        (name, entry, lambda: parts("")) for name, entry in entries
    ]
    for name in ("no rate limit", "no validation", "no statement"):
        variants.append((f"the route's app, {name}", route.app, lambda n=name: parts(n)))

    async def one(entry: Any) -> None:
        scope = _scope("GET", path, seeded["key"], [])
        scope.update(app=app, path_params={"actionId": action_id})
        scope["state"]["request_id"] = "req_bench"
        scope["starlette.exception_handlers"] = ({}, {})
        status, body = await _request(entry, scope, b"")
        if status != 200:
            raise SystemExit(f"{status} {body[:200]!r}")

    async def timed(entry: Any, n: int) -> float:
        for _ in range(n // 5):
            await one(entry)
        start = time.process_time_ns()
        for _ in range(n):
            await one(entry)
        return (time.process_time_ns() - start) / n / 1000

    figures: dict[str, list[float]] = {name: [] for name, _, _ in variants}
    try:
        for _ in range(rounds):
            for name, entry, prepare in variants:
                prepare()
                figures[name].append(await timed(entry, requests))
    finally:
        parts("")
        await stop()
    print(f"| PostgreSQL, {rounds} interleaved rounds of {requests} | µs CPU a request (range) |")
    print("|---|---:|")
    for name, values in figures.items():
        print(f"| {name} | {statistics.median(values):.1f} ({min(values):.0f}–{max(values):.0f}) |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--requests", type=int, default=1500)
    parser.add_argument(
        "--postgres-admin-url",
        default=os.environ.get(
            "COUNTERSIGN_TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/postgres"
        ),
    )
    args = quick.parse(parser, argv, rounds=1, requests=5)
    with database("postgres", args.postgres_admin_url) as url:
        seeded = asyncio.run(seed(url, 5 if args.quick else 200))
        asyncio.run(_parts(url, seeded, args.rounds, args.requests))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
