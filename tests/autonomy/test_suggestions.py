"""Policy suggestions from a seeded record (both databases): two days of replies created over
the API and decided by the owner, the suggestion with its figures over REST and on the pages,
and applying it in shadow, then live, each an audited policy change."""

from __future__ import annotations

import datetime as dt

import attrs
import pytest

from service.actions.policies.policy_rule import parse_rules
from service.actions.policies.record import TypeDay, TypePrice
from service.actions.policies.suggestions import (
    ALLOWANCE,
    DAILY_LIMIT,
    TWO_PEOPLE,
    figures_of,
    price_split,
    suggest,
    suggest_admins_above,
)
from tests.dashboard.dashboard_helpers import csrf_of, sign_in
from tests.factories import build_world
from tests.policies.kit import create, decide, message

BECAUSE = "102 approved unedited, 1 rejected, 0 edited in 30 days; busiest day 60"


@pytest.fixture
def settings(settings):
    """The record is seeded faster than one key may call in ten seconds."""
    return attrs.evolve(settings, rate_limit=1000)


@pytest.fixture
async def world(store, clock):
    return await build_world(store, clock)


def next_day(clock) -> None:
    now = clock.now()
    target = dt.datetime.combine(now.date() + dt.timedelta(days=1), dt.time(9), tzinfo=dt.UTC)
    clock.advance(seconds=(target - now).total_seconds())


async def seed(client, store, clock, world) -> None:
    """60 replies on one day (one rejected), 43 the next, each decided by the owner."""
    for day, count in enumerate((60, 43)):
        next_day(clock)
        for i in range(count):
            made = await create(client, world, message(text=f"<p>{day}.{i}</p>"), f"k{day}.{i}")
            clock.advance(seconds=30)
            await decide(store, clock, world.owner, made["id"], approve=(day, i) != (0, 7))
    await create(
        client,
        world,
        {
            "type": "send_mass_message",
            "params": {"text": "<p>x</p>", "audience": {"listIds": ["1001"]}},
        },
        "mass",
    )  # too little history


async def apply(client, world, stage):
    csrf = await csrf_of(client)
    return await client.post(
        f"/v1/accounts/{world.live_account}/policy-suggestions/apply",
        json={"type": "send_message", "stage": stage},
        headers={"x-csrf-token": csrf},
    )


async def test_a_suggestion_from_the_record_applied_in_shadow_then_live(
    client, store, clock, world
):
    await seed(client, store, clock, world)
    url = f"/v1/accounts/{world.live_account}/policy-suggestions"
    got = await client.get(url, headers=world.auth(world.read_key))
    assert got.status_code == 200, got.text
    (found,) = got.json()["data"]
    rule = {"types": ["send_message"], "approvals": 0, "approvers": "members", "maxPerDay": 75}
    assert found == {
        "accountId": world.live_account,
        "type": "send_message",
        "kind": "allowance",
        "rule": rule,
        "limit": {"types": ["send_message"], "perDay": 90},
        "state": "new",
        "because": BECAUSE,
        "figures": {
            "days": 30,
            "approvedUnedited": 102,
            "edited": 0,
            "rejected": 1,
            "expired": 0,
            "approvedByAllowance": 0,
            "failed": 0,
            "busiestDay": 60,
        },
    }
    await sign_in(client)
    for page in (f"/dashboard/accounts/{world.live_account}/activity", "/dashboard/accounts"):
        shown = await client.get(page)
        assert BECAUSE in shown.text and "Try it in shadow" in shown.text, page
        assert "up to 75 a day, and a daily limit of 90." in shown.text, page

    shadowed = await apply(client, world, "shadow")
    assert shadowed.status_code == 200, shadowed.text
    policy = shadowed.json()["data"]["policy"]
    assert policy["rules"] == [
        {**rule, "minPriceCents": None, "minRecipients": None, "shadow": True}
    ]
    assert policy["limits"] == [{"types": ["send_message"], "perDay": 90, "used": 59}]
    waiting = await create(client, world, message(text="<p>in shadow</p>"), "shadowed")
    assert waiting["status"] == "pending" and waiting["shadow"]["wouldApprove"] is True
    state = (await client.get(url, headers=world.auth())).json()["data"][0]["state"]
    assert state == "shadow"

    clock.advance(seconds=60)
    # Turned on from the Activity page's form: one step, the shadow rule replaced.
    csrf = await csrf_of(client)
    on = await client.post(
        f"/dashboard/accounts/{world.live_account}/suggestions/apply",
        data={"csrf_token": csrf, "type": "send_message", "stage": "live", "back": "activity"},
    )
    assert on.status_code == 303, on.text
    allowed = await create(client, world, message(text="<p>live</p>"), "live")
    assert allowed["status"] == "approved" and allowed["decidedBy"]["kind"] == "policy"
    assert allowed["shadow"] is None
    state = (await client.get(url, headers=world.auth())).json()["data"][0]["state"]
    assert state == "applied"
    async with store.reading() as uow:
        entries = await uow.audit.list(world.workspace_id, action="account.policy_changed")
    assert [e.details["rules"][0].get("shadow") for e in reversed(entries)] == [True, None]


def test_the_thresholds_pick_the_kind():
    def figures(approved, edited, rejected):
        day = dt.date(2026, 11, 1)
        return figures_of(
            [TypeDay("send_message", day, approved + edited + rejected, approved, edited, rejected)]
        )[0]

    assert suggest("a", figures(98, 1, 0), None) is None  # 99 decided: too little history
    assert suggest("a", figures(98, 1, 1), None).kind == ALLOWANCE  # 2% turned down
    assert suggest("a", figures(97, 2, 1), None).kind == DAILY_LIMIT  # 3%
    assert suggest("a", figures(90, 5, 5), None).kind == TWO_PEOPLE  # 10%
    applied = parse_rules([{"types": ["send_message"], "approvals": 2}])
    two = suggest("a", figures(90, 5, 5), applied)
    assert two.state == "applied" and two.rule.approvals == 2


PRICED = "40 priced in 30 days; 6 of the 10 at or above $50 turned down, 0 of the 30 below"


async def test_admins_above_the_price_people_turn_down(client, store, clock, world):
    """30 messages at $10 and 4 at $50 approved; of 6 at $60, 4 rejected and 2 lowered to $40
    before approval (counted at the $60 asked): the 90th percentile approved price is $50."""
    next_day(clock)
    asked = [(1000, "yes")] * 30 + [(5000, "yes")] * 4 + [(6000, "no")] * 4 + [(6000, "edit")] * 2
    for i, (price, outcome) in enumerate(asked):
        made = await create(client, world, message(price=price, text=f"<p>{i}</p>"), f"p{i}")
        clock.advance(seconds=30)
        lowered = {**made["params"], "priceCents": 4000} if outcome == "edit" else None
        await decide(store, clock, world.owner, made["id"], approve=outcome != "no", params=lowered)
    url = f"/v1/accounts/{world.live_account}/policy-suggestions"
    got = await client.get(url, headers=world.auth(world.read_key))
    assert got.status_code == 200, got.text
    (found,) = got.json()["data"]  # 40 decided: too few for the type's own suggestion
    rule = {
        "types": ["send_message"],
        "minPriceCents": 5000,
        "approvals": 1,
        "approvers": "admins",
    }
    assert (found["kind"], found["rule"], found["state"]) == ("admins_above", rule, "new")
    assert found["because"] == PRICED
    assert found["limit"] == {"types": ["send_message"], "perDay": 60}
    figures = found["figures"]
    assert (figures["approvedUnedited"], figures["edited"], figures["rejected"]) == (34, 2, 4)

    await sign_in(client)
    page = await client.get(f"/dashboard/accounts/{world.live_account}/activity")
    assert PRICED in page.text and "an admin from $50 on" in page.text
    csrf = await csrf_of(client)
    body = {"type": "send_message", "stage": "shadow", "kind": "admins_above"}
    refused = await client.post(f"{url}/apply", json=body, headers={"x-csrf-token": csrf})
    assert refused.status_code == 400 and refused.json()["error"]["param"] == "stage"
    applied = await client.post(
        f"{url}/apply", json={**body, "stage": "live"}, headers={"x-csrf-token": csrf}
    )
    assert applied.status_code == 200, applied.text
    (written,) = applied.json()["data"]["policy"]["rules"]
    assert {k: written[k] for k in rule} == rule
    dear = await create(client, world, message(price=7000, text="<p>dear</p>"), "dear")
    cheap = await create(client, world, message(price=1000, text="<p>cheap</p>"), "cheap")
    assert (dear["approvers"], cheap["approvers"]) == ("admins", "members")
    state = (await client.get(url, headers=world.auth())).json()["data"][0]["state"]
    assert state == "applied"
    async with store.reading() as uow:
        (entry,) = await uow.audit.list(world.workspace_id, action="account.policy_changed")
    assert entry.details["rules"][0]["minPriceCents"] == 5000
    assert entry.details["rules"][0]["approvers"] == "admins"


def test_admins_above_only_when_the_dear_ones_are_clearly_turned_down():
    figures = figures_of([TypeDay("send_message", dt.date(2026, 11, 1), 40, 30)])[0]

    def admins(below_down, above_down, above=10):
        prices = [
            TypePrice("send_message", 1000, 30 - below_down, below_down),
            TypePrice("send_message", 5000, 4, 0),
            TypePrice("send_message", 6000, above - 4 - above_down, above_down),
            TypePrice("send_mass_message", 9000, 0, 50),  # another type's record
        ]
        return suggest_admins_above("a", figures, price_split("send_message", prices), None)

    assert admins(0, 6).rule.min_price_cents == 5000
    assert admins(0, 0) is None  # none turned down at or above $50
    assert admins(5, 3) is None  # 30% above against 17% below: not twice
    assert admins(1, 3).priced.sentence() == (
        "40 priced in 30 days; 3 of the 10 at or above $50 turned down, 1 of the 30 below"
    )
    short = [TypePrice("send_message", 1000, 38, 0), TypePrice("send_message", 9000, 0, 1)]
    assert price_split("send_message", short) is None  # 39 priced: too little history
