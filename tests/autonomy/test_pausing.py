"""Autonomy taken back (both databases, the fake platform over real HTTP, a real SMTP server):
an allowance whose approved actions fail on the platform is paused once, with one
`allowance.paused` event and a mail to owners and admins; a person resumes it."""

from __future__ import annotations

import attrs

from harness.mailbox import Mailbox
from service.runtime.runner import executor_for
from tests.dashboard.dashboard_helpers import csrf_of, sign_in
from tests.execution.test_executor import create
from tests.factories import build_world
from tests.mail.kit import send_round
from tests.platform_world import fake_platform, linked  # noqa: F401  (the fixtures)
from tests.policies.kit import create as create_api
from tests.policies.kit import decide, message, set_policy

ALLOWANCE = {"types": ["send_message"], "approvals": 0, "approvers": "members", "maxPerDay": 50}
UNKNOWN_CHAT = {"type": "send_message", "params": {"fanId": "123", "text": "<p>hi</p>"}}


async def test_failures_pause_an_allowance_once_and_a_person_resumes_it(linked):  # noqa: F811
    services, world, account = linked.services, linked.world, linked.creator_id
    store, clock = services.store, services.clock
    await set_policy(store, clock, world, [ALLOWANCE], account=account)
    # Six approved by the allowance, all refused by the platform (no such chat).
    made = [await create(linked, UNKNOWN_CHAT, f"f{i}") for i in range(6)]
    assert {a["status"] for a in made} == {"approved"}
    await executor_for(services).run_once()
    async with store.reading() as uow:
        assert {(await uow.actions.get(world.workspace_id, a["id"])).status for a in made} == {
            "failed"
        }
        events = [
            e for e in await uow.events.list(world.workspace_id) if e.type == "allowance.paused"
        ]
        entries = await uow.audit.list(world.workspace_id, action="account.policy_changed")
        rule = (await uow.accounts.get(world.workspace_id, account)).policy[0]
    # Paused at the fifth failure; the sixth found it paused: one event, one audit entry.
    assert len(events) == 1, events
    assert events[0].data["count"] == 5 and events[0].data["lastActionId"] in {
        a["id"] for a in made
    }
    assert rule["paused"]["reason"].startswith("5 of the last 5 actions it approved failed")
    assert events[0].data["rule"] == rule
    # The owner's policy change, then the service's pause, audited with the rule it paused.
    assert len(entries) == 2
    assert [e.details.get("paused") for e in entries if e.actor.get("kind") == "policy"] == [
        "Allowance: send_message, up to 50 a day"
    ]

    # Paused: a new matching action needs a person.
    waiting = await create(linked, UNKNOWN_CHAT, "after")
    assert (waiting["status"], waiting["approvalsRequired"]) == ("pending", 1)

    with Mailbox() as box:
        settings = attrs.evolve(services.settings, smtp_url=box.url, mail_from="cs <cs@test>")
        await send_round(store, clock, settings)
        paused_mails = [
            m for m in box.to("owner@agency.test") if "Allowance paused" in m.message["Subject"]
        ]
    assert len(paused_mails) == 1

    clock.advance(seconds=600)
    # A person resumes it (saving the rule without `paused`): allowed again, record restarted.
    await sign_in(linked.client)
    csrf = await csrf_of(linked.client)
    saved = await linked.client.post(
        f"/v1/accounts/{account}/policy",
        json={"rules": [ALLOWANCE]},
        headers={"x-csrf-token": csrf},
    )
    assert saved.status_code == 200, saved.text
    resumed = saved.json()["data"]["policy"]["rules"][0]
    assert "paused" not in resumed and resumed["resumedAt"]
    again = await create(linked, UNKNOWN_CHAT, "resumed")
    assert again["status"] == "approved"
    await executor_for(services).run_once()  # one more failure: the old five no longer count
    async with store.reading() as uow:
        rule = (await uow.accounts.get(world.workspace_id, account)).policy[0]
    assert "paused" not in rule


async def test_people_rejecting_what_it_did_not_cover_pause_it(client, store, clock):
    world = await build_world(store, clock)
    await set_policy(store, clock, world, [{**ALLOWANCE, "maxPerDay": 1}])
    allowed = await create_api(client, world, message(text="<p>first</p>"), "r0")
    assert allowed["status"] == "approved"
    over = [
        await create_api(client, world, message(text=f"<p>{i}</p>"), f"r{i}") for i in range(1, 7)
    ]
    assert {w["code"] for a in over for w in a["warnings"]} >= {"allowance_used_up"}
    await decide(store, clock, world.owner, over[0]["id"])  # one approved: counted, not a rejection
    for action in over[1:]:
        await decide(store, clock, world.owner, action["id"], approve=False)
    async with store.reading() as uow:
        events = [
            e for e in await uow.events.list(world.workspace_id) if e.type == "allowance.paused"
        ]
        rule = (await uow.accounts.get(world.workspace_id, world.live_account)).policy[0]
    assert len(events) == 1  # at the fifth rejection; nothing more once paused
    assert rule["paused"]["reason"] == "people rejected 5 of the last 6 actions it did not cover"
    assert (events[0].data["cause"], events[0].data["count"], events[0].data["of"]) == (
        "rejections",
        5,
        6,
    )

    # Resumed from the Accounts page, which showed it paused.
    await sign_in(client)
    page = await client.get("/dashboard/accounts")
    assert "allowance-paused" in page.text and rule["paused"]["reason"] in page.text
    resumed = await client.post(
        f"/dashboard/accounts/{world.live_account}/allowances/resume",
        data={
            "csrf_token": await csrf_of(client),
            "rule": "Allowance: send_message, up to 1 a day",
            "back": "accounts",
        },
    )
    assert resumed.status_code == 303, resumed.text
    async with store.reading() as uow:
        rule = (await uow.accounts.get(world.workspace_id, world.live_account)).policy[0]
    assert "paused" not in rule and "resumedAt" in rule
