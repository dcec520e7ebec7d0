"""Benchmark: mails sent per second by the mailer to a local SMTP server (aiosmtpd).

    python -m bench.mail [--driver sqlite|postgresql|both] [--mails 500] [--rounds 3]

Each round queues `--mails` approval mails (one action each, written as the dispatcher writes
them), then times `Mailer.run_once()` until every one is sent: claims, reads, composes, sends
over SMTP and records one attempt row each. The baseline, measured in the same round, sends the
same number of composed messages straight through the same SMTP sessions (16 connections, each
reused; no database): the floor the SMTP conversation itself sets. Baseline and mailer alternate which
goes first; the report is the median of rounds.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import statistics
import sys
import tempfile
import time
from typing import Any

from bench import quick
from harness.mailbox import Mailbox
from harness.scratch import scratch_database
from service.domain.clock import SystemClock
from service.domain.principal import Principal
from service.kit.passwords import Passwords
from service.mail.compose import Item, compose
from service.mail.mailer import Mailer
from service.mail.notifications import queue_mails
from service.mail.smtp import Session, parse_smtp_url
from service.settings import Settings
from service.webhooks.dispatch import dispatch_all
from service.workspaces.usecases import create_user, create_workspace
from storage.sql.store import SqlStore

POSTGRES_ADMIN_URL = os.environ.get(
    "COUNTERSIGN_TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test"
)
CONCURRENCY = 16


async def queue(store: SqlStore, clock: SystemClock, n: int) -> list[Any]:
    """n pending actions of a sandbox account, and their mail rows for the owner."""
    from service.actions.creation import create_action

    workspace = await create_workspace(store, clock, "Bench")
    operator = Principal.operator(workspace.id)
    user = await create_user(
        store,
        clock,
        operator,
        "o@bench.test",
        "Owner",
        "pw-bench-1234",
        "owner",
        passwords=Passwords("cheapest"),
    )
    async with store.reading() as uow:
        account = (await uow.accounts.list(workspace.id, mode="test"))[0]
    agent = Principal(
        workspace_id=workspace.id,
        mode="test",
        kind="api_key",
        label="bench",
        scopes=frozenset({"read", "write"}),
        key_id="key_bench",
    )
    actions = []
    for i in range(n):
        made = await create_action(
            store,
            clock,
            agent,
            account.id,
            f"m{i}",
            "send_message",
            {"fanId": "1", "text": f"<p>Hello {i}</p>"},
        )
        actions.append(made.action)
    await dispatch_all(store, clock, also=[queue_mails])
    del user
    return [Item(a, account.username) for a in actions]


async def baseline(box: Mailbox, items: list[Any]) -> float:
    server = parse_smtp_url(box.url)
    messages = [
        compose(
            "approval",
            [item],
            to="o@bench.test",
            sender="b@bench.test",
            mode="test",
            workspace="Bench",
            public_url="http://bench.test",
            now=item.action.created_at,
        )
        for item in items
    ]

    queue = list(messages)

    async def session_worker() -> None:  # as the mailer does: reused SMTP sessions
        session = Session(server, deadline=10)
        try:
            while queue:
                await session.send(queue.pop(0))
        finally:
            await session.close()

    started = time.perf_counter()
    await asyncio.gather(*(session_worker() for _ in range(CONCURRENCY)))
    return len(messages) / (time.perf_counter() - started)


async def one_round(url: str, n: int, mailer_first: bool) -> dict[str, float]:
    store = SqlStore.from_url(url)
    await store.migrate()
    clock = SystemClock()
    try:
        items = await queue(store, clock, n)
        with Mailbox() as box:
            settings = Settings(
                database_url=url,
                secret_key="bench",
                public_url="http://bench.test",
                smtp_url=box.url,
                password_hashing="cheapest",
            )
            mailer = Mailer(store, clock, settings, concurrency=CONCURRENCY)

            async def run_mailer() -> float:
                started = time.perf_counter()
                await mailer.run_once()
                return n / (time.perf_counter() - started)

            if mailer_first:
                per_second = await run_mailer()
                raw = await baseline(box, items)
            else:
                raw = await baseline(box, items)
                per_second = await run_mailer()
            received = len(box.messages)
    finally:
        await store.close()
    if received != 2 * n:
        raise SystemExit(f"the server received {received} mails, expected {2 * n}")
    return {"mailer_per_s": per_second, "smtp_only_per_s": raw, "ratio": per_second / raw}


@contextlib.contextmanager
def database(driver: str):
    if driver == "sqlite":
        with tempfile.TemporaryDirectory() as tmp:
            yield f"sqlite:///{tmp}/bench.db"
    else:
        with scratch_database(POSTGRES_ADMIN_URL, "cs_bench_mail") as url:
            yield url


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.mail")
    parser.add_argument("--driver", choices=["sqlite", "postgresql", "both"], default="both")
    parser.add_argument("--mails", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=3)
    args = quick.parse(parser, argv, driver="sqlite", mails=10, rounds=1)
    drivers = ["sqlite", "postgresql"] if args.driver == "both" else [args.driver]
    results: dict[str, list[dict[str, float]]] = {d: [] for d in drivers}
    for r in range(args.rounds):
        for driver in drivers:
            with database(driver) as url:
                result = asyncio.run(one_round(url, args.mails, mailer_first=r % 2 == 0))
            results[driver].append(result)
            print(driver, json.dumps({k: round(v, 2) for k, v in result.items()}))
    report = {
        d: {k: round(statistics.median(x[k] for x in rs), 2) for k in rs[0]}
        for d, rs in results.items()
    }
    print(json.dumps({"mails": args.mails, "rounds": args.rounds, **report}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
