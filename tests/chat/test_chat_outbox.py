"""The chat outbox, both drivers, on the injected clock (no waiting): messages queued across two
workspaces, one answered 429 by its Slack; a poster started after them (a new process) posts
the other workspace's at once, sends nothing of the first before Retry-After, then each once.
An action an allowance approved at creation posts nothing. A slow chat holds only its own share;
a decision edits in place; a final refusal stops; finished rows are pruned."""

from __future__ import annotations

import asyncio

from service.actions.creation import create_action
from service.actions.decisions import decide_action
from service.actions.policies.pausing import latest_pause
from service.actions.policies.policy_rule import parse_rules
from service.actions.policies.usecases import set_account_policy
from service.chat.outbox import queue_chat
from service.chat.poster import Poster
from service.chat.sending import Chats
from service.chat.usecases import connect
from service.domain.principal import Principal
from service.kit.crypto import SecretBox
from service.operations.model import Retention
from service.operations.pruner import prune
from service.webhooks.dispatch import dispatch_all
from service.workspaces.usecases import create_workspace
from tests.factories import build_world

BOX = SecretBox("test-secret")


def key_of(workspace_id: str) -> Principal:
    return Principal(
        workspace_id=workspace_id,
        mode="test",
        kind="key",
        label="backend",
        scopes=frozenset({"read", "write"}),
    )


async def sandbox_of(store, workspace_id: str) -> str:
    async with store.reading() as uow:
        return (await uow.accounts.list(workspace_id, mode="test"))[0].id


async def ask(store, clock, workspace_id: str, account: str, key: str) -> str:
    created = await create_action(
        store,
        clock,
        key_of(workspace_id),
        account,
        key,
        "send_message",
        {"fanId": "123456", "text": "<p>hi</p>"},
    )
    return created.action.id


async def test_a_rate_limited_workspace_delays_no_other_and_nothing_is_lost_or_doubled(
    store, clock, chat_settings, fake_chat
):
    fake, _ = fake_chat
    world = await build_world(store, clock)
    other = await create_workspace(store, clock, "Other agency")
    teams = {world.workspace_id: "TA", other.id: "TB"}
    sandboxes = {}
    for workspace_id, team in teams.items():
        operator = Principal.operator(workspace_id)
        await connect(
            store,
            clock,
            operator,
            "slack",
            f"C{team}",
            bot_token=f"xoxb-{team}-1",
            team_id=team,
            box=BOX,
        )
        sandboxes[workspace_id] = await sandbox_of(store, workspace_id)
    asked = {team: set() for team in teams.values()}
    for i in range(6):
        for workspace_id, team in teams.items():
            asked[team].add(await ask(store, clock, workspace_id, sandboxes[workspace_id], f"k{i}"))
    # An allowance approves this one at creation: nobody is asked, nothing is posted.
    await set_account_policy(
        store,
        clock,
        world.owner,
        sandboxes[world.workspace_id],
        parse_rules(
            [{"types": ["send_message"], "approvals": 0, "approvers": "members", "maxPerDay": 5}]
        ),
    )
    allowed = await ask(store, clock, world.workspace_id, sandboxes[world.workspace_id], "free")
    await dispatch_all(store, clock, also=[queue_chat])
    async with store.reading() as uow:
        assert not await uow.chat_messages.of_action(allowed)
        assert len(await uow.chat_messages.due(clock.now(), 100)) == 12

    fake.faults["TA"] = {"status": 429, "retryAfter": 30, "count": 6}
    first = Chats(chat_settings, BOX)
    try:
        await Poster(
            store, clock, first, "http://countersign.test", latest_pause=latest_pause
        ).run_once()
    finally:
        await first.close()
    posted = {
        t: {m["buttons"][0]["value"] for m in fake.slack if m["teamId"] == t} for t in ("TA", "TB")
    }
    assert posted["TB"] == asked["TB"] and not posted["TA"]  # TB never waited behind TA
    assert sum(1 for team, _ in fake.calls if team == "TA") == 6  # one refused try each

    # A new process: Retry-After still holds, then every one of TA's goes out once.
    second = Chats(chat_settings, BOX)
    try:
        poster = Poster(store, clock, second, "http://countersign.test", latest_pause=latest_pause)
        assert await poster.run_once() == 0
        clock.advance(seconds=30)
        assert await poster.run_once() == 6
        assert await poster.run_once() == 0
    finally:
        await second.close()
    ids = [m["buttons"][0]["value"] for m in fake.slack]
    assert len(ids) == 12 and set(ids) == asked["TA"] | asked["TB"]
    async with store.reading() as uow:
        rows = [r for a in ids for r in await uow.chat_messages.of_action(a)]
    assert {(r.status, r.sent, r.wanted) for r in rows} == {("done", 1, 1)}
    assert all(r.ref for r in rows)


async def test_a_slow_workspace_holds_only_its_own_share_of_the_poster(
    store, clock, chat_settings, fake_chat
):
    """A's chat answers nothing while twelve of its messages wait ahead of B's three: A keeps
    at most `per_workspace` in flight and B's go out meanwhile."""
    fake, _ = fake_chat
    world = await build_world(store, clock)
    other = await create_workspace(store, clock, "Other agency")
    teams = {world.workspace_id: "TA", other.id: "TB"}
    asked: dict[str, list[str]] = {"TA": [], "TB": []}
    for workspace_id, team in teams.items():
        operator = Principal.operator(workspace_id)
        await connect(
            store,
            clock,
            operator,
            "slack",
            f"C{team}",
            bot_token=f"xoxb-{team}-1",
            team_id=team,
            box=BOX,
        )
        account = await sandbox_of(store, workspace_id)
        for i in range(12 if team == "TA" else 3):
            asked[team].append(await ask(store, clock, workspace_id, account, f"k{i}"))
        await dispatch_all(store, clock, also=[queue_chat])
        clock.advance(seconds=1)  # A's messages are the older ones
    release = fake.hold("TA")
    chats = Chats(chat_settings, BOX)
    try:
        poster = Poster(
            store,
            clock,
            chats,
            "http://countersign.test",
            latest_pause=latest_pause,
            batch=10,
            per_workspace=2,
        )
        sending = asyncio.create_task(poster.run_once())
        posted_b = await asyncio.to_thread(
            fake.wait_for, lambda: len([m for m in fake.slack if m["teamId"] == "TB"]) == 3, 10
        )
        in_flight_a = sum(1 for team, _ in fake.calls if team == "TA")
        release.set()
        assert await sending == 15
    finally:
        release.set()
        await chats.close()
    assert posted_b and in_flight_a == 2
    assert sorted(m["buttons"][0]["value"] for m in fake.slack) == sorted(asked["TA"] + asked["TB"])


async def test_a_decision_edits_the_message_and_a_final_refusal_stops(
    store, clock, chat_settings, fake_chat
):
    """A later event bumps a message and the poster edits it in place; a post the chat refuses
    for good (403) fails after one try, is never edited, and delays the other message nothing."""
    fake, _ = fake_chat
    world = await build_world(store, clock)
    await connect(
        store, clock, world.owner, "slack", "CA", bot_token="xoxb-TA-1", team_id="TA", box=BOX
    )
    sandbox = world.sandbox_accounts[0]
    first = await ask(store, clock, world.workspace_id, sandbox, "k1")
    await dispatch_all(store, clock, also=[queue_chat])
    fake.faults["TA"] = {"status": 403, "retryAfter": 0, "count": 1}
    chats = Chats(chat_settings, BOX)
    try:
        poster = Poster(store, clock, chats, "http://countersign.test", latest_pause=latest_pause)
        assert await poster.run_once() == 1  # refused for good: no retry
        second = await ask(store, clock, world.workspace_id, sandbox, "k2")
        await dispatch_all(store, clock, also=[queue_chat])
        assert await poster.run_once() == 1
        for action_id in (first, second):
            await decide_action(
                store,
                clock,
                world.owner,
                action_id,
                approve=False,
                note=None,
                wake_executor=lambda: None,
            )
        await dispatch_all(store, clock, also=[queue_chat])
        assert await poster.run_once() == 1  # the second's edit; the first was never posted
    finally:
        await chats.close()
    (posted,) = fake.slack
    assert posted["buttons"][0]["url"].endswith(second)  # Open is all a decided one keeps
    assert "Rejected by Olive Owner" in posted["text"] and len(posted["history"]) == 1
    async with store.reading() as uow:
        (failed,) = await uow.chat_messages.of_action(first)
        (done,) = await uow.chat_messages.of_action(second)
    assert failed.status == "failed" and "403" in (failed.last_error or "")
    assert failed.ref is None and failed.attempts == 0
    assert done.status == "done" and done.sent == 2 and done.ref == posted["ts"]
    # Finished messages go with the retention of deliveries; a queued one stays.
    assert (await prune(store, clock, Retention(30, 30))).removed["chat_messages"] == 0
    clock.advance(days=31)
    assert (await prune(store, clock, Retention(30, 30))).removed["chat_messages"] == 2
