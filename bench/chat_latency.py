"""Benchmark: approvals in chat, created → posted and click → executed, with the fake chat.

    python -m bench.chat_latency [--driver sqlite|postgresql|both] [--count 50]

The service runs in this process (uvicorn on loopback, its workers on), the fake chat in a
thread. For each driver, on a fresh database:

- created → posted: from the `POST /v1/.../actions` call to the fake holding the message;
  baseline: one `chat.postMessage` round trip to the fake from the same Slack client (the
  fake's own latency), so "beyond the fake" is the difference;
- click → executed: from the fake's control API click (signed, delivered to the service over
  HTTP, decided) to the action reading `executed` (read every millisecond); baseline: the same
  approval through the dashboard's use case (`decide_action`) in the same run.

Test-mode actions (the sandbox executes them): the platform's latency is not measured here.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

import httpx
import uvicorn

from bench import quick
from harness.fake_chat import FakeChat
from harness.threaded import bound_socket, start_in_thread

WARM_UP = 3
POSTGRES = os.environ.get(
    "COUNTERSIGN_TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test"
)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


async def wait_until(fake: FakeChat, check: Any) -> Any:
    found = await asyncio.to_thread(fake.wait_for, check, 30.0)
    if not found:
        raise SystemExit("the fake chat saw nothing within 30 s")
    return found


def posted(fake: FakeChat, action_id: str) -> Any:
    for message in fake.slack:
        if any(b.get("value") == action_id for b in message["buttons"]):
            return message
    return None


async def executed(store: Any, workspace_id: str, action_id: str) -> None:
    started = time.perf_counter()
    while True:
        async with store.reading() as uow:
            action = await uow.actions.get(workspace_id, action_id)
        if action is not None and action.status in ("executed", "failed"):
            assert action.status == "executed", action.error
            return
        if time.perf_counter() - started > 30:
            raise SystemExit(f"{action_id} was not executed within 30 s")
        await asyncio.sleep(0.001)


async def measure(database_url: str, count: int) -> dict[str, float]:
    from service.actions.decisions import decide_action
    from service.app import create_app
    from service.chat.compose import Composed
    from service.chat.slack import Slack
    from service.chat.usecases import connect, link_user
    from service.domain.principal import Principal
    from service.keys.usecases import create_key
    from service.settings import Settings
    from service.workspaces.usecases import create_user, create_workspace
    from storage.migrate import migrate
    from storage.sql.driver.engine import make_engine

    engine = make_engine(database_url)
    await migrate(engine)
    await engine.dispose()
    fake = FakeChat("http://127.0.0.1:9", "bench-signing", "bench-telegram")
    chat = start_in_thread(fake.app(), name="fake-chat")
    sock = bound_socket()
    base = f"http://127.0.0.1:{sock.getsockname()[1]}"
    settings = Settings(
        database_url=database_url,
        secret_key="bench-secret",
        public_url=base,
        development=True,
        password_hashing="cheapest",
        slack_api_url=f"{chat.base_url}/slack/api/",
        slack_signing_secret="bench-signing",
    )
    fake.deliver_to = base
    app = create_app(settings)
    server = uvicorn.Server(
        uvicorn.Config(app, lifespan="on", log_level="warning", access_log=False)
    )
    serving = asyncio.create_task(server.serve(sockets=[sock]))
    while not server.started:  # noqa: ASYNC110 (uvicorn offers no event to wait on)
        await asyncio.sleep(0.01)
    services = app.state.services
    store, clock = services.store, services.clock
    try:
        workspace = await create_workspace(store, clock, "Bench agency")
        operator = Principal.operator(workspace.id)
        owner = await create_user(
            store,
            clock,
            operator,
            "owner@bench.test",
            "Bench Owner",
            "pw-123456789",
            "owner",
            passwords=services.passwords,
        )
        approver = Principal.person(workspace.id, owner, "owner")
        _, key = await create_key(
            store, clock, operator, name="bench", scopes=["read", "write"], mode="test"
        )
        await connect(
            store,
            clock,
            operator,
            "slack",
            "CBENCH",
            bot_token="xoxb-TBENCH-1",
            team_id="TBENCH",
            box=services.secrets,
        )
        await link_user(store, clock, operator, "owner@bench.test", "slack", "UOWNER")
        async with store.reading() as uow:
            account = (await uow.accounts.list(workspace.id, mode="test"))[0].id
        creators = services.platforms.sandbox.creators(workspace.id)
        fan = next(c for c in creators if c["id"] == account)["fans"][0]["id"]

        slack = Slack(settings.slack_api_url)
        round_trips = []
        for _ in range(count + WARM_UP):
            started = time.perf_counter()
            await slack.post("xoxb-TBENCH-1", "CBASE", Composed("baseline", ()), "act_x")
            round_trips.append(time.perf_counter() - started)

        to_post, to_run, by_use_case = [], [], []
        async with (
            httpx.AsyncClient(base_url=base, timeout=30) as api,
            httpx.AsyncClient(base_url=chat.base_url, timeout=30) as control,
        ):
            for n in range(2 * (count + WARM_UP)):
                await asyncio.sleep(0.05)  # let the loops go idle, as between real requests
                started = time.perf_counter()
                answer = await api.post(
                    f"/v1/accounts/{account}/actions",
                    json={"type": "send_message", "params": {"fanId": fan, "text": f"hi {n}"}},
                    headers={
                        "Authorization": f"Bearer {key}",
                        "Idempotency-Key": uuid.uuid4().hex,
                    },
                )
                action_id = answer.json()["data"]["id"]
                message = await wait_until(fake, lambda i=action_id: posted(fake, i))
                if n >= WARM_UP:
                    to_post.append(time.perf_counter() - started)
                await asyncio.sleep(0.05)
                started = time.perf_counter()
                if n % 2 == 0:
                    click = {
                        "channel": message["channel"],
                        "ts": message["ts"],
                        "actionId": "approve",
                        "userId": "UOWNER",
                    }
                    assert (await control.post("/_control/slack/click", json=click)).json()[
                        "status"
                    ] == 200
                    await executed(store, workspace.id, action_id)
                    if n >= 2 * WARM_UP:
                        to_run.append(time.perf_counter() - started)
                else:
                    await decide_action(
                        store,
                        clock,
                        approver,
                        action_id,
                        approve=True,
                        note=None,
                        wake_executor=services.wake_executor,
                    )
                    await executed(store, workspace.id, action_id)
                    if n >= 2 * WARM_UP:
                        by_use_case.append(time.perf_counter() - started)
    finally:
        server.should_exit = True
        await serving
        chat.stop()
    fake_p50 = pct(round_trips[WARM_UP:], 0.5)
    return {
        "created_posted_p50": pct(to_post, 0.5),
        "created_posted_p99": pct(to_post, 0.99),
        "fake_round_trip_p50": fake_p50,
        "click_executed_p50": pct(to_run, 0.5),
        "use_case_executed_p50": pct(by_use_case, 0.5),
        "n": float(len(to_post)),
    }


def report(driver: str, r: dict[str, float]) -> str:
    beyond = r["created_posted_p50"] - r["fake_round_trip_p50"]
    return (
        f"| {driver} | {r['created_posted_p50']:.1f} | {r['created_posted_p99']:.1f} | "
        f"{r['fake_round_trip_p50']:.1f} | {beyond:.1f} | {r['click_executed_p50']:.1f} | "
        f"{r['use_case_executed_p50']:.1f} | "
        f"{r['click_executed_p50'] / r['use_case_executed_p50']:.2f} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--driver", choices=["sqlite", "postgresql", "both"], default="both")
    parser.add_argument("--count", type=int, default=50)
    args = quick.parse(parser, None, driver="sqlite", count=3)
    rows = []
    drivers = ["sqlite", "postgresql"] if args.driver == "both" else [args.driver]
    for driver in drivers:
        if driver == "sqlite":
            folder = tempfile.mkdtemp()
            result = asyncio.run(measure(f"sqlite:///{Path(folder) / 'bench.db'}", args.count))
        else:
            from harness.scratch import scratch_database

            with scratch_database(POSTGRES, "cs_bench_chat") as url:
                result = asyncio.run(measure(url, args.count))
        rows.append(report(driver, result))
    print(
        "| driver | created→posted p50 ms | p99 ms | fake round trip p50 ms | beyond the fake "
        "p50 ms | click→executed p50 ms | dashboard use case→executed p50 ms | click / use "
        "case |"
    )
    print("|---|---|---|---|---|---|---|---|")
    print("\n".join(rows))
    print(f"load average: {' '.join(Path('/proc/loadavg').read_text().split()[:3])}")


if __name__ == "__main__":
    main()
