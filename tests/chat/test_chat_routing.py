"""The people around an action, in chat (both drivers, the fake Slack and Telegram over real
HTTP, the injected clock): a new action's message mentions whom it was routed to (the chatter on
shift, else the owners and admins), an escalation edits it and mentions the managers once (a
thread reply on Slack, an answer in the group on Telegram), and a paused allowance is told in
the default channel."""

from __future__ import annotations

from service.actions.execution.escalation import escalate_due
from service.actions.policies.pausing import latest_pause
from service.chat.outbox import queue_chat
from service.chat.poster import Poster
from service.chat.sending import Chats
from service.chat.usecases import connect, link_user
from service.people.assignments import assign, set_shift
from service.people.routing import route_created
from service.webhooks.dispatch import dispatch_all
from tests.chat.test_chat_outbox import BOX, ask
from tests.factories import build_world
from tests.policies.kit import create, decide, message, person, set_policy

GROUP, TG_OWNER, TG_CHET = -100900, 7001, 7003
RULE = {
    "types": ["send_message"],
    "approvals": 1,
    "approvers": "members",
    "escalateAfterMinutes": 15,
}


async def _chats(store, clock, world, account_channel: str | None = None) -> None:
    await connect(
        store, clock, world.owner, "slack", "CA", bot_token="xoxb-TA-1", team_id="TA", box=BOX
    )
    await connect(store, clock, world.owner, "telegram", str(GROUP))
    for provider, chat_user in (("slack", "UOLIVE"), ("telegram", str(TG_OWNER))):
        await link_user(store, clock, world.owner, "owner@agency.test", provider, chat_user)


def _slack(fake, action_id: str) -> dict:
    return next(
        m for m in fake.slack if m["buttons"] and m["buttons"][-1]["url"].endswith(action_id)
    )


def _telegram(fake, action_id: str) -> dict:
    return next(
        m for m in fake.telegram if m["buttons"] and m["buttons"][-1]["url"].endswith(action_id)
    )


async def test_routed_people_are_mentioned_and_an_escalation_tells_the_managers_once(
    store, clock, telegram_settings, fake_chat
):
    fake, _ = fake_chat
    world = await build_world(store, clock)
    sandbox = world.sandbox_accounts[0]
    await set_policy(store, clock, world, [RULE], account=sandbox)
    chet = await person(store, clock, world, "chet@agency.test", "Chet Chatter", "member")
    await assign(store, clock, world.owner, chet.user_id, [sandbox])
    await _chats(store, clock, world)
    for provider, chat_user in (("slack", "UCHET"), ("telegram", str(TG_CHET))):
        await link_user(store, clock, world.owner, "chet@agency.test", provider, chat_user)
    await set_shift(store, clock, world.owner, world.owner.user_id, "off")

    chats = Chats(telegram_settings, BOX)
    poster = Poster(store, clock, chats, "http://countersign.test", latest_pause=latest_pause)
    fan_outs = [route_created, queue_chat]
    try:
        on_shift = await ask(store, clock, world.workspace_id, sandbox, "k1")
        await dispatch_all(store, clock, also=fan_outs)
        assert await poster.run_once() == 2
        await set_shift(store, clock, chet, chet.user_id, "off")
        nobody = await ask(store, clock, world.workspace_id, sandbox, "k2")
        await dispatch_all(store, clock, also=fan_outs)
        assert await poster.run_once() == 2

        # Routed to the chatter on shift; with nobody on shift, to the owner.
        first, fallback = _slack(fake, on_shift), _slack(fake, nobody)
        assert "For: <@UCHET>" in first["text"] and "UOLIVE" not in first["text"]
        assert "Nobody on shift; for the owners and admins: <@UOLIVE>" in fallback["text"]
        assert "UCHET" not in fallback["text"]
        assert _telegram(fake, on_shift)["mentions"] == [TG_CHET]
        assert "Chet Chatter" in _telegram(fake, on_shift)["text"]
        assert _telegram(fake, nobody)["mentions"] == [TG_OWNER]

        # The first is decided; the second waits past its 15 minutes and is escalated.
        await decide(store, clock, world.owner, on_shift, approve=False)
        clock.advance(minutes=16)
        assert await escalate_due(store, clock.now()) == [nobody]
        await dispatch_all(store, clock, also=fan_outs)
        assert await poster.run_once() == 6  # an edit per chat per action, a note per chat
        await dispatch_all(store, clock, also=fan_outs)
        assert await poster.run_once() == 0  # told once
    finally:
        await chats.close()

    edited = _slack(fake, nobody)
    assert "⏫ Escalated" in edited["text"] and len(edited["history"]) == 1
    assert "⏫ Escalated" in _telegram(fake, nobody)["text"]
    (reply,) = [m for m in fake.slack if m["threadTs"]]
    assert reply["threadTs"] == edited["ts"] and reply["channel"] == "CA"
    assert "Owners and admins: <@UOLIVE>" in reply["text"] and nobody in reply["text"]
    assert not reply["buttons"]
    (answer,) = [m for m in fake.telegram if m.get("replyTo")]
    assert answer["replyTo"] == _telegram(fake, nobody)["messageId"]
    assert answer["chatId"] == GROUP and answer["mentions"] == [TG_OWNER]
    assert "Escalated" in answer["text"] and not answer["buttons"]
    assert "Rejected by Olive Owner" in _slack(fake, on_shift)["text"]
    assert "For:" not in _slack(fake, on_shift)["text"]  # decided: nobody is called any more


async def test_a_paused_allowance_is_told_in_the_default_channel(
    client, store, clock, telegram_settings, fake_chat
):
    fake, _ = fake_chat
    world = await build_world(store, clock)
    allowance = {"types": ["send_message"], "approvals": 0, "approvers": "members"}
    await set_policy(store, clock, world, [{**allowance, "maxPerDay": 1}])
    await create(client, world, message(text="<p>first</p>"), "first")
    over = [await create(client, world, message(text=f"<p>{i}</p>"), f"r{i}") for i in range(6)]
    await decide(store, clock, world.owner, over[0]["id"])  # approved: not a rejection
    for action in over[1:5]:
        await decide(store, clock, world.owner, action["id"], approve=False)
    await dispatch_all(store, clock)  # what went before chat was connected
    await _chats(store, clock, world)
    await connect(store, clock, world.owner, "slack", "CLIVE", account_id=world.live_account)
    await decide(store, clock, world.owner, over[5]["id"], approve=False)  # the fifth: paused

    chats = Chats(telegram_settings, BOX)
    try:
        await dispatch_all(store, clock, also=[queue_chat])
        assert (
            await Poster(
                store, clock, chats, "http://countersign.test", latest_pause=latest_pause
            ).run_once()
            == 2
        )
    finally:
        await chats.close()
    (slack,) = fake.slack
    assert slack["channel"] == "CA"  # the workspace's default, not the account's channel
    assert slack["text"].startswith("⏸ Allowance paused · @maya.live")
    assert "Allowance: send_message, up to 1 a day" in slack["text"]
    assert "Why: people rejected 5 of the last 6 actions it did not cover" in slack["text"]
    assert slack["text"].endswith("Owners and admins: <@UOLIVE>")
    (telegram,) = fake.telegram
    assert telegram["chatId"] == GROUP and telegram["mentions"] == [TG_OWNER]
    assert "people rejected 5 of the last 6" in telegram["text"]
