"""Benchmark: what routing adds to the dispatcher, per `action.created` event.

    python -m bench.routing [--driver sqlite|postgresql|both] [--actions 300] [--rounds 3]

Each round makes a workspace with a team (an owner, two admins, nine members assigned to the
account, some off shift) and 2 × `--actions` pending actions, then dispatches their events in
two batches of `--actions`: one with the mail fan-out alone (`queue_mails`, which asks the
routing rule whom to mail), one with routing recorded on each action too (`route_created`, as
the service runs it). The batches alternate which goes first; the report is the median ratio
of the two times (routed / mail only) and each one's events per second.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time

from bench import quick
from bench.mail import database
from service.actions.creation import create_action
from service.domain.clock import SystemClock
from service.domain.principal import Principal
from service.kit.passwords import Passwords
from service.mail.notifications import queue_mails
from service.people.assignments import assign, set_shift
from service.people.routing import route_created
from service.webhooks.dispatch import dispatch_once
from service.workspaces.usecases import create_user, create_workspace
from storage.sql.store import SqlStore


async def _team_and_actions(store: SqlStore, clock: SystemClock, n: int) -> None:
    workspace = await create_workspace(store, clock, "Bench")
    operator = Principal.operator(workspace.id)
    async with store.reading() as uow:
        account = (await uow.accounts.list(workspace.id, mode="test"))[0]
    people = [("o@b.test", "owner"), ("a1@b.test", "admin"), ("a2@b.test", "admin")]
    people += [(f"m{i}@b.test", "member") for i in range(9)]
    for i, (email, role) in enumerate(people):
        user = await create_user(
            store,
            clock,
            operator,
            email,
            email,
            "pw-bench-1234",
            role,
            passwords=Passwords("cheapest"),
        )
        if role == "member":
            await assign(store, clock, operator, user.id, [account.id])
        if i % 3 == 0:
            await set_shift(store, clock, operator, user.id, "off")
    agent = Principal(
        workspace_id=workspace.id,
        mode="test",
        kind="api_key",
        label="bench",
        scopes=frozenset({"read", "write"}),
        key_id="key_bench",
    )
    for i in range(n):
        await create_action(
            store, clock, agent, account.id, f"k{i}", "send_message", {"fanId": "1", "text": "hi"}
        )


async def one_round(url: str, n: int, routed_first: bool) -> dict[str, float]:
    store = SqlStore.from_url(url)
    clock = SystemClock()
    try:
        await store.migrate()
        await _team_and_actions(store, clock, 2 * n)
        fan_outs = {"mail_only": [queue_mails], "routed": [route_created, queue_mails]}
        order = ["routed", "mail_only"] if routed_first else ["mail_only", "routed"]
        took = {}
        for name in order:
            started = time.perf_counter()
            await dispatch_once(store, clock, batch=n, also=fan_outs[name])
            took[name] = time.perf_counter() - started
    finally:
        await store.close()
    return {
        "mail_only_events_per_s": n / took["mail_only"],
        "routed_events_per_s": n / took["routed"],
        "ratio_routed_to_mail_only": took["routed"] / took["mail_only"],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.routing")
    parser.add_argument("--driver", choices=["sqlite", "postgresql", "both"], default="both")
    parser.add_argument("--actions", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=3)
    args = quick.parse(parser, argv, driver="sqlite", actions=5, rounds=1)
    drivers = ["sqlite", "postgresql"] if args.driver == "both" else [args.driver]
    results: dict[str, list[dict[str, float]]] = {d: [] for d in drivers}
    for r in range(args.rounds):
        for driver in drivers:
            with database(driver) as url:
                result = asyncio.run(one_round(url, args.actions, routed_first=r % 2 == 0))
            results[driver].append(result)
            print(driver, json.dumps({k: round(v, 2) for k, v in result.items()}))
    report = {
        d: {k: round(statistics.median(x[k] for x in rs), 2) for k in rs[0]}
        for d, rs in results.items()
    }
    print(json.dumps({"actions": args.actions, "rounds": args.rounds, **report}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
