"""The ceiling on one request's CPU: per route, the largest body it accepts and the largest it
refuses, the server's CPU per request, and /healthz latency while 4 of the worst run at once.

    python -m bench.request_ceiling [--databases sqlite,postgres] [--requests 20]

Seeds a scratch database (bench/api_throughput.py's seed: a workspace and a read+write test
key), starts the service under uvicorn (workers off, rate limit raised) and sends each case
`--requests` times in turn (100: /proc counts CPU in 10 ms ticks), reading the server process's CPU time (/proc) before and after:
CPU per request is the server's alone. Each figure is also given as a ratio to the smallest
create (one short message) measured in the same run. Then 4 client threads send the worst
refusal in a loop while /healthz is asked 40 times: its median and worst latency, against the
same on an idle server. Approve-with-edit needs a dashboard session, so its cases are the
request validator's CPU in this process (`validator` in the table), the part a body changes.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

import httpx

from bench import quick
from bench.api_throughput import PIDS, SECRET, cpu_seconds, database, seed, server
from bench.request_cpu import loadavg

ID = "9" * 64  # the longest platform id
TEXT = "x" * 5000  # the longest message text


def ids(n: int, bad_last: bool = False) -> list[str]:
    made = [f"{i:064d}" for i in range(n)]
    if bad_last and made:
        made[-1] = "\u0085"
    return made


def short(n: int) -> list[str]:
    """`n` ids of a few digits: the most items that fit under the 1 MiB body limit."""
    return [str(i % 10_000) for i in range(n)]


def send(params: dict[str, Any]) -> dict[str, Any]:
    return {"type": "send_message", "params": {"fanId": ID, "text": TEXT, **params}}


def mass(audience: dict[str, Any], **params: Any) -> dict[str, Any]:
    return {"type": "send_mass_message", "params": {"text": TEXT, "audience": audience, **params}}


def vault(media: list[str]) -> dict[str, Any]:
    return {"type": "add_media_to_vault_list", "params": {"listId": ID, "mediaIds": media}}


FULL_AUDIENCE = {"fanIds": ids(1000), "listIds": ids(200), "excludeListIds": ids(200)}
CASES: list[tuple[str, str, Callable[[], Any], bool]] = [
    # (route, case, body, accepted)
    (
        "create",
        "smallest (baseline)",
        lambda: {"type": "send_message", "params": {"fanId": "1", "text": "hi"}},
        True,
    ),
    ("create", "send_message, 50 media, 5,000 chars", lambda: send({"mediaIds": ids(50)}), True),
    ("create", "send_message, 51 media", lambda: send({"mediaIds": ids(51)}), False),
    ("create", "send_message, 19,000 media", lambda: send({"mediaIds": short(19_000)}), False),
    ("create", "send_message, 10^5 media", lambda: send({"mediaIds": short(100_000)}), False),
    (
        "create",
        "mass, 1,000 fans + 400 lists + 50 media",
        lambda: mass(FULL_AUDIENCE, mediaIds=ids(50)),
        True,
    ),
    (
        "create",
        "mass, 1,000 fans, the last invalid",
        lambda: mass({"fanIds": ids(1000, True)}),
        False,
    ),
    ("create", "mass, 5,000 lists", lambda: mass({"listIds": ids(5000)}), False),
    ("create", "mass, 10^5 lists", lambda: mass({"listIds": short(100_000)}), False),
    ("create", "vault add, 100 media", lambda: vault(ids(100)), True),
    ("create", "vault add, 10^5 media", lambda: vault(short(100_000)), False),
    ("create", "1 MiB of [1,1,…]", lambda: "[" + ",".join(["1"] * 500_000) + "]", False),
    ("create", "1 MiB of [[],[],…]", lambda: "[" + ",".join(["[]"] * 340_000) + "]", False),
    ("create", '1 MiB of ["",…]', lambda: json.dumps([""] * 260_000), False),
]
APPROVE_CASES: list[tuple[str, Callable[[], Any], bool]] = [
    ("edit: mass, 1,000 fans + 400 lists", lambda: {"params": mass(FULL_AUDIENCE)["params"]}, True),
    (
        "edit: mass, 1,000 fans, the last invalid",
        lambda: {"params": mass({"fanIds": ids(1000, True)})["params"]},
        False,
    ),
    ("edit: 51 media", lambda: {"params": send({"mediaIds": ids(51)})["params"]}, False),
    ("edit: 19,000 media", lambda: {"params": send({"mediaIds": short(19_000)})["params"]}, False),
]


def encoded(body: Any) -> bytes:
    return (body if isinstance(body, str) else json.dumps(body)).encode()


def server_cpu(base: str, pid: int, path: str, key: str, body: bytes, n: int) -> tuple[float, int]:
    """Server CPU ms per request (sequential requests), and the last answer's status."""
    headers = {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}
    status = 0
    with httpx.Client(base_url=base, timeout=60) as client:
        client.post(
            path, content=body, headers={**headers, "Idempotency-Key": f"w-{time.monotonic_ns()}"}
        )
        before = cpu_seconds(pid)
        for i in range(n):
            sent = {**headers, "Idempotency-Key": f"c-{time.monotonic_ns()}-{i}"}
            status = client.post(path, content=body, headers=sent).status_code
        return (cpu_seconds(pid) - before) / n * 1000, status


def healthz(base: str, times: int = 40) -> list[float]:
    took = []
    with httpx.Client(base_url=base, timeout=60) as client:
        for _ in range(times):
            started = time.perf_counter()
            client.get("/healthz")
            took.append((time.perf_counter() - started) * 1000)
    return took


def under_load(base: str, path: str, key: str, body: bytes) -> list[float]:
    """/healthz latencies while 4 threads send `body` to `path` in a loop."""
    stop = threading.Event()

    def hammer() -> None:
        headers = {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}
        with httpx.Client(base_url=base, timeout=60) as client:
            while not stop.is_set():
                client.post(
                    path,
                    content=body,
                    headers={**headers, "Idempotency-Key": f"h-{time.monotonic_ns()}"},
                )

    threads = [threading.Thread(target=hammer) for _ in range(4)]
    for thread in threads:
        thread.start()
    try:
        time.sleep(0.5)  # the four are running before the first probe
        return healthz(base)
    finally:
        stop.set()
        for thread in threads:
            thread.join()


def validator_cpu(n: int) -> list[tuple[str, float, str]]:
    """Approve-with-edit: the compiled request validator's CPU per request, in this process."""
    from service.errors.api_error import ApiError
    from service.http.spec import load_document
    from service.http.validation import OperationValidator

    check = OperationValidator(load_document(), "approveAction")
    rows = []
    for name, make, _ in APPROVE_CASES:
        body, outcome = encoded(make()), "accepted"
        started = time.process_time()
        for _ in range(n):
            try:
                check.parse(
                    {},
                    {"actionId": "act_" + "0" * 26},
                    {"x-csrf-token": "t"},
                    body,
                    "application/json",
                )
            except ApiError as refused:
                outcome = f"400 {refused.param}"
        rows.append((name, (time.process_time() - started) / n * 1000, outcome))
    return rows


def times(cpu: float, baseline: float) -> str:
    """`cpu` as a multiple of `baseline`; a few quick requests can cost under one clock tick."""
    return f"{cpu / baseline:.1f}×" if baseline else "n/a (baseline under one clock tick)"


def run(kind: str, admin_url: str, n: int) -> str:
    lines = [
        f"\n### {kind}\n",
        "| route | case | body | answer | server CPU ms/request | × smallest create |",
        "|---|---|---|---|---|---|",
    ]
    with database(kind, admin_url) as url:
        seeded = asyncio.run(seed(url, 1))
        env = {
            "COUNTERSIGN_DATABASE_URL": url,
            "COUNTERSIGN_SECRET_KEY": SECRET,
            "COUNTERSIGN_RATE_LIMIT": "1000000000",
            "COUNTERSIGN_RUN_WORKERS": "false",
            "COUNTERSIGN_VALIDATE_RESPONSES": "false",
        }
        path = f"/v1/accounts/{seeded['account']}/actions"
        with server("bench.service_app:app", env) as base:
            pid = PIDS[base]
            measured = []
            for route, name, make, accepted in CASES:
                body = encoded(make())
                cpu, status = server_cpu(base, pid, path, seeded["key"], body, n)
                measured.append((route, name, len(body), status, cpu, accepted, body))
                print(f"{kind} {name}: {status} {cpu:.2f} ms", file=sys.stderr)
            baseline = measured[0][4]
            for route, name, size, status, cpu, _, _ in measured:
                lines.append(
                    f"| {route} | {name} | {size / 1024:,.0f} KiB | {status} | {cpu:.2f} | {times(cpu, baseline)} |"
                )
            refused = [m for m in measured if not m[5]]
            worst = max(refused, key=lambda m: m[4])
            accepted_worst = max((m for m in measured if m[5]), key=lambda m: m[4])
            idle = healthz(base)
            loaded = under_load(base, path, seeded["key"], worst[6])
    lines += [
        "",
        f"Worst refusal: {worst[1]}, {worst[4]:.2f} ms CPU ({times(worst[4], baseline)} the smallest create).",
        f"Worst accepted: {accepted_worst[1]}, {accepted_worst[4]:.2f} ms CPU ({times(accepted_worst[4], baseline)}).",
        (
            f"/healthz idle: median {statistics.median(idle):.1f} ms, worst {max(idle):.1f} ms; "
            f"with 4 × the worst refusal running: median {statistics.median(loaded):.1f} ms, worst {max(loaded):.1f} ms."
        ),
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--databases", default="sqlite")
    parser.add_argument("--requests", type=int, default=100)
    parser.add_argument(
        "--postgres-admin-url",
        default=os.environ.get(
            "COUNTERSIGN_TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/postgres"
        ),
    )
    args = quick.parse(parser, argv, databases="sqlite", requests=3)
    out = [f"loadavg at start: {loadavg()}"]
    for kind in args.databases.split(","):
        out.append(run(kind, args.postgres_admin_url, args.requests))
    out += [
        "\n### approve-with-edit (request validator only)\n",
        "| case | answer | validator CPU ms/request |",
        "|---|---|---|",
    ]
    for name, cpu, outcome in validator_cpu(args.requests):
        out.append(f"| {name} | {outcome} | {cpu:.2f} |")
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
