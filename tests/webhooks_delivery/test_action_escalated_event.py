"""Escalation: under a rule with `escalateAfterMinutes`, an action still pending that long is
escalated once (`escalatedAt`, one `action.escalated` delivered and verified the Standard
Webhooks way, one mail to each owner and admin); one decided in time never is; the time is
stored, so a new process finds it; two replicas on PostgreSQL escalate each action once.
On the injected clock, never a sleep."""

from __future__ import annotations

import asyncio

import attrs

from harness.mailbox import Mailbox
from service.actions.creation import create_action
from service.actions.decisions import decide_action
from service.actions.execution.escalation import escalate_due
from service.actions.policies.policy_rule import parse_rules
from service.actions.policies.usecases import set_account_policy
from service.http.auth import principal_for_key
from service.mail.mailer import Mailer
from service.mail.notifications import queue_mails
from service.webhooks import usecases as hooks
from service.webhooks.deliverer import Deliverer
from storage.sql.store import SqlStore
from tests.dashboard.dashboard_helpers import sign_in
from tests.factories import build_world, empty_every_table
from tests.openapi_kit import schema_validator
from tests.webhooks_delivery.test_standard_webhooks import check_both_ways

ESCALATED = "action.escalated"
RULE = {"types": ["send_message"], "approvals": 1, "approvers": "members"}


async def _new(store, clock, world, key: str):
    principal = await principal_for_key(store, clock, world.live_key)
    created = await create_action(
        store,
        clock,
        principal,
        world.live_account,
        key,
        "send_message",
        {"fanId": "f1", "text": f"<p>{key}</p>"},
    )
    return created.action


async def test_escalated_once_delivered_signed_and_mailed(
    store, database_url, clock, world, receiver, receiver_url, sender, box, settings, spec, client
):
    await set_account_policy(
        store,
        clock,
        world.owner,
        world.live_account,
        parse_rules([{**RULE, "escalateAfterMinutes": 1}]),
    )
    endpoint = await hooks.add_event_endpoint(
        store, clock, world.owner, receiver_url + "/e", [ESCALATED], box=box, allow_loopback=True
    )
    receiver.set_secrets([hooks.current_secret(endpoint, box)])
    waiting = await _new(store, clock, world, "waits")
    decided = await _new(store, clock, world, "decided")
    clock.advance(seconds=30)
    await decide_action(
        store, clock, world.owner, decided.id, approve=False, note=None, wake_executor=lambda: None
    )
    clock.advance(seconds=29)
    assert await escalate_due(store, clock.now()) == []  # 59 s: not yet

    # A minute on, a new process (a store of its own, as after a restart) finds it.
    clock.advance(seconds=2)
    restarted = SqlStore.from_url(database_url)
    try:
        assert await escalate_due(restarted, clock.now()) == [waiting.id]
        assert await escalate_due(restarted, clock.now()) == []
    finally:
        await restarted.close()
    async with store.reading() as uow:
        shown = await uow.actions.get(world.workspace_id, waiting.id)
        never = await uow.actions.get(world.workspace_id, decided.id)
    assert shown.status == "pending" and shown.escalated_at == clock.now()
    assert never.escalated_at is None

    with Mailbox() as mailbox:
        deliverer = Deliverer(store, clock, sender, also=[queue_mails])
        assert await deliverer.run_once() == 1
        [got] = receiver.wait_for(1)
        assert got.event == ESCALATED and got.verified and got.standard_verified
        check_both_ways(got, hooks.current_secret(endpoint, box))
        assert got.json["data"]["id"] == waiting.id
        assert got.json["data"]["escalatedAt"] is not None
        schema_validator(spec, "ActionEscalatedEvent").validate(got.json)
        mail_settings = attrs.evolve(settings, smtp_url=mailbox.url, mail_from="cs <cs@test>")
        await Mailer(store, clock, mail_settings).run_once()
        # Beside the approval mail of its creation, one escalation to the owner.
        [mail] = [m for m in mailbox.messages if m.subject.startswith("Still waiting")]
    assert mail.rcpt_to == ["owner@agency.test"]
    # The API and the action page say so.
    read = await client.get(f"/v1/actions/{waiting.id}", headers=world.auth())
    assert read.json()["data"]["escalatedAt"] is not None
    await sign_in(client)
    page = (await client.get(f"/dashboard/actions/{waiting.id}")).text
    assert "escalated" in page.split('id="escalation"')[1].split("</dd>")[0]
    assert "@maya.live" in mail.subject and "waited longer than its policy allows" in mail.text()


async def test_two_replicas_escalate_each_action_once(postgres_url, clock):
    replicas = [SqlStore.from_url(postgres_url) for _ in range(2)]
    try:
        await empty_every_table(replicas[0])
        world = await build_world(replicas[0], clock)
        await set_account_policy(
            replicas[0],
            clock,
            world.owner,
            world.live_account,
            parse_rules([{**RULE, "escalateAfterMinutes": 15}]),
        )
        made = [await _new(replicas[0], clock, world, f"r{i}") for i in range(6)]
        clock.advance(minutes=15)
        both = await asyncio.gather(*(escalate_due(r, clock.now()) for r in replicas))
        assert sorted(both[0] + both[1]) == sorted(a.id for a in made)
        async with replicas[1].reading() as uow:
            events = await uow.events.list(world.workspace_id, limit=1000)
        assert len([e for e in events if e.type == ESCALATED]) == 6
    finally:
        for replica in replicas:
            await replica.close()
