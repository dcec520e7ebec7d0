"""The service started with 50 chat messages queued (written while it was down) and the fake
answering 429 to one workspace's Slack: the other workspace's 25 are posted within 2 s, the
first's after Retry-After, and every one of the 50 arrives exactly once. Both drivers."""

from __future__ import annotations

import asyncio

from service.chat.outbox import queue_chat
from service.chat.usecases import connect
from service.domain.clock import SystemClock
from service.domain.principal import Principal
from service.kit.crypto import SecretBox
from service.webhooks.dispatch import dispatch_all
from service.workspaces.usecases import create_workspace
from tests.chat.test_chat_outbox import ask, sandbox_of
from tests.factories import build_world
from tests.served import served


def of_team(fake, team: str) -> list[str]:
    return [m["buttons"][0]["value"] for m in fake.slack if m["teamId"] == team]


async def test_queued_messages_survive_a_restart_and_a_429_delays_no_other_workspace(
    store, database_url, chat_settings, fake_chat
):
    fake, _ = fake_chat
    clock = SystemClock()
    world = await build_world(store, clock)
    other = await create_workspace(store, clock, "Other agency")
    asked: dict[str, set[str]] = {"TA": set(), "TB": set()}
    for workspace_id, team in ((world.workspace_id, "TA"), (other.id, "TB")):
        await connect(
            store,
            clock,
            Principal.operator(workspace_id),
            "slack",
            f"C{team}",
            bot_token=f"xoxb-{team}-1",
            team_id=team,
            box=SecretBox("test-secret"),
        )
        account = await sandbox_of(store, workspace_id)
        for i in range(25):
            asked[team].add(await ask(store, clock, workspace_id, account, f"r{i}"))
    await dispatch_all(store, clock, also=[queue_chat])  # queued while no service ran
    fake.faults["TA"] = {"status": 429, "retryAfter": 1, "count": 25}
    with served(chat_settings, clock, database_url, run_workers=True) as (base, _app):
        fake.deliver_to = base
        b_done = await asyncio.to_thread(fake.wait_for, lambda: len(of_team(fake, "TB")) == 25, 2)
        a_done = await asyncio.to_thread(fake.wait_for, lambda: len(of_team(fake, "TA")) == 25, 10)
    assert b_done and a_done
    assert sorted(of_team(fake, "TB")) == sorted(asked["TB"])
    assert sorted(of_team(fake, "TA")) == sorted(asked["TA"])  # each once
    assert sum(1 for team, _ in fake.calls if team == "TA") == 50  # 25 refused, 25 posted
