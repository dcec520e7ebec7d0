"""Shadow allowances end to end (both databases): a shadow rule leaves every matching action
pending and marks it, the REST activity and the Activity page count its verdicts against what
people then did, and the approval page says it would have run without them."""

from __future__ import annotations

import pytest

from tests.dashboard.dashboard_helpers import csrf_of, sign_in
from tests.factories import build_world
from tests.policies.kit import create, decide, message, set_policy

SHADOW = {
    "types": ["send_message"],
    "approvals": 0,
    "approvers": "members",
    "maxPerDay": 3,
    "shadow": True,
}
RULE = "Allowance: send_message, up to 3 a day"
TWO = {"types": ["send_message"], "approvals": 2, "approvers": "members"}


@pytest.fixture
async def world(store, clock):
    return await build_world(store, clock)


async def test_a_shadow_rule_marks_and_counts_but_never_approves(client, store, clock, world):
    account, _ = await set_policy(store, clock, world, [SHADOW])
    assert account.policy == [{**SHADOW, "minPriceCents": None, "minRecipients": None}]
    made = []
    for i in range(4):
        made.append(await create(client, world, message(text=f"<p>{i}</p>"), f"s{i}"))
        clock.advance(seconds=1)
    assert [a["status"] for a in made] == ["pending"] * 4
    assert [a["approvalsRequired"] for a in made] == [1] * 4
    # The fourth is past the shadow's maxPerDay: it would have needed a person too.
    assert [a["shadow"] for a in made] == [{"wouldApprove": True, "rule": RULE}] * 3 + [
        {"wouldApprove": False, "rule": RULE}
    ]
    # A mass message matches no shadow rule: no verdict.
    other = await create(
        client,
        world,
        {
            "type": "send_mass_message",
            "params": {"text": "<p>x</p>", "audience": {"listIds": ["1001"]}},
        },
        "m1",
    )
    assert other["shadow"] is None

    await decide(store, clock, world.owner, made[0]["id"])
    await decide(
        store, clock, world.owner, made[1]["id"], params={"fanId": "40001", "text": "<p>Better</p>"}
    )
    await decide(store, clock, world.owner, made[2]["id"], approve=False)
    await decide(store, clock, world.owner, made[3]["id"], approve=False)

    got = await client.get(f"/v1/accounts/{world.live_account}/activity", headers=world.auth())
    assert got.status_code == 200, got.text
    (record,) = got.json()["data"]["shadow"]
    assert record["rule"] == RULE
    counts = {
        "wouldApprove": 3,
        "approvedAsIs": 1,
        "edited": 1,
        "rejected": 1,
        "expired": 0,
        "pending": 0,
    }
    assert record["totals"] == counts
    assert [{k: v for k, v in d.items() if k != "date"} for d in record["days"]] == [counts]
    # What it would have let through: the rejected one and the edited one, newest first.
    assert [(a["id"], a["status"], a["edited"]) for a in record["letThrough"]] == [
        (made[2]["id"], "rejected", False),
        (made[1]["id"], "approved", True),
    ]

    await sign_in(client)
    page = await client.get(f"/dashboard/accounts/{world.live_account}/activity")
    assert page.status_code == 200
    assert "would have approved" in page.text and made[2]["id"] in page.text

    pending = await create(client, world, message(text="<p>later</p>"), "s5")
    approval = await client.get(f"/dashboard/actions/{pending['id']}")
    assert "would have run without you" not in approval.text.lower()  # a fifth: past its maxPerDay
    shown = await client.get(f"/dashboard/actions/{made[0]['id']}")
    assert "would have run without you" in shown.text.lower()


async def test_bad_autonomy_input_is_the_error_envelope(client, world):
    await sign_in(client)
    csrf = {"x-csrf-token": await csrf_of(client)}
    base = f"/v1/accounts/{world.live_account}"
    cases = [
        (f"{base}/policy", {"rules": [{**TWO, "shadow": True}]}, "rules[0].shadow"),
        (
            f"{base}/policy",
            {"rules": [{**SHADOW, "paused": {"at": "x", "reason": "y"}}]},
            "rules[0].paused",
        ),
        (f"{base}/policy-suggestions/apply", {"type": "send_message", "stage": "live"}, "type"),
    ]
    for path, body, param in cases:
        answer = await client.post(path, json=body, headers=csrf)
        assert answer.status_code == 400, answer.text
        assert (answer.json()["error"]["code"], answer.json()["error"]["param"]) == (
            "invalid_parameter",
            param,
        )
    missing = await client.get("/v1/accounts/nope/policy-suggestions", headers=world.auth())
    assert (missing.status_code, missing.json()["error"]["code"]) == (404, "account_not_found")
