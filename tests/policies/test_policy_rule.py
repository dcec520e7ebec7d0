"""The typed policy rule: parsed once from its JSON and rendered back to the same JSON, its
field names the spec's, bad input refused by name, and its wording."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest
import yaml

from service.actions.policies.policy_rule import (
    FIELDS,
    PolicyRule,
    parse_rules,
    stored_json,
    stored_rules,
)
from service.errors.api_error import ApiError
from tests.dashboard.dashboard_helpers import csrf_of, sign_in
from tests.factories import build_world
from tests.openapi_kit import SPEC_FILE

DASHBOARD = Path(__file__).resolve().parents[2] / "service" / "dashboard"

EVERY_FIELD = [
    {
        "types": ["send_message", "send_mass_message"],
        "approvals": 0,
        "approvers": "admins",
        "minPriceCents": 500,
        "minRecipients": 10,
        "maxPerDay": 25,
        "escalateAfterMinutes": 30,
        "resumedAt": "2026-12-01T10:00:00+00:00",
    },
    {
        "types": ["send_message"],
        "approvals": 0,
        "approvers": "members",
        "minPriceCents": None,
        "minRecipients": None,
        "maxPerDay": 5,
        "paused": {"at": "2026-12-02T09:00:00.000Z", "reason": "5 of the last 6 failed"},
    },
    {
        "types": ["send_mass_message"],
        "approvals": 0,
        "approvers": "members",
        "minPriceCents": None,
        "minRecipients": None,
        "maxPerDay": 300,
        "shadow": True,
    },
    {
        "types": ["unsend_message"],
        "approvals": 2,
        "approvers": "members",
        "minPriceCents": None,
        "minRecipients": None,
    },
]


def test_every_field_round_trips_to_the_same_json():
    rules = parse_rules(EVERY_FIELD)
    assert stored_json(rules) == EVERY_FIELD
    assert stored_rules(EVERY_FIELD) == rules
    assert [json.dumps(r.to_json()) for r in rules] == [json.dumps(r) for r in EVERY_FIELD]


def test_a_rule_as_sent_is_stored_with_its_defaults_and_types_once():
    (rule,) = parse_rules([{"types": ["send_message", "send_message"], "minPriceCents": 0}])
    assert rule == PolicyRule(("send_message",), min_price_cents=0)
    assert rule.to_json() == {
        "types": ["send_message"],
        "approvals": 1,
        "approvers": "members",
        "minPriceCents": 0,
        "minRecipients": None,
    }
    assert rule.to_json(sparse=True) == {
        "types": ["send_message"],
        "approvals": 1,
        "approvers": "members",
        "minPriceCents": 0,
    }


def test_the_field_names_are_the_specs():
    properties = yaml.safe_load(SPEC_FILE.read_text())["components"]["schemas"]["PolicyRule"][
        "properties"
    ]
    assert sorted(FIELDS.values()) == sorted(properties)


def test_the_dashboard_never_spells_a_field_name():
    """The page and its script take the names from the rule; none is written out there."""
    camel = [name for name in FIELDS.values() if re.search("[A-Z]", name)]
    files = [DASHBOARD / "static" / "app.js", *sorted((DASHBOARD / "templates").glob("*.html"))]
    for path in files:
        text = path.read_text()
        assert [name for name in camel if name in text] == [], path.name


@pytest.mark.parametrize(
    ("rule", "param", "words"),
    [
        ({"types": ["send_message"], "approvals": 1, "maxperday": 5}, "maxperday", "no field"),
        ({"types": ["nope"]}, "types", "Choose one or more"),
        ({"types": "send_message"}, "types", "Choose one or more"),
        ({"types": ["send_message"], "approvals": True}, "approvals", "0 (an allowance)"),
        ({"types": ["send_message"], "approvals": 0}, "maxPerDay", "must say `maxPerDay`"),
        ({"types": ["send_message"], "maxPerDay": 5}, "maxPerDay", "belongs only"),
        ({"types": ["send_message"], "approvals": 0, "maxPerDay": 10_001}, "maxPerDay", "1 to"),
        ({"types": ["send_message"], "approvers": "everyone"}, "approvers", "`members`"),
        ({"types": ["send_message"], "escalateAfterMinutes": 0}, "escalateAfterMinutes", "1 to"),
        ({"types": ["send_message"], "minPriceCents": -1}, "minPriceCents", "0 or more"),
        ({"types": ["send_message"], "minRecipients": "10"}, "minRecipients", "0 or more"),
        ({"types": ["send_message"], "shadow": True}, "shadow", "belongs only"),
        ({"types": ["send_message"], "paused": {"at": "x", "reason": "y"}}, "paused", "live"),
    ],
)
def test_bad_input_is_refused_naming_the_field(rule, param, words):
    with pytest.raises(ApiError) as refused:
        parse_rules([{"approvers": "members"} | rule])
    assert refused.value.code == "invalid_parameter"
    assert refused.value.param == f"rules[0].{param}"
    assert words in refused.value.message


def test_a_rule_that_is_not_an_object_is_refused():
    with pytest.raises(ApiError) as refused:
        parse_rules([["send_message"]])
    assert (refused.value.code, refused.value.param) == ("invalid_parameter", "rules[0]")


def test_the_rule_words_itself():
    allowance, paused, shadow, two = parse_rules(EVERY_FIELD)
    assert allowance.sentence() == (
        "Send a message, Send a mass message from $5.00 from 10 recipients: approved by the "
        "policy, up to 25 per account in any 24 hours; then 1 approval, admins and owners "
        "only; escalated after 30 min pending"
    )
    assert paused.sentence().endswith("any member (paused: 1 approval until resumed)")
    assert "(in shadow: approves nothing" in shadow.sentence()
    assert two.sentence() == "Unsend a message: 2 different people, any member"
    assert allowance.allowance.name == (
        "Allowance: send_mass_message, send_message from $5.00 from 10 recipients, up to 25 a day"
    )


def test_an_allowances_key_is_the_one_its_uses_are_stored_under():
    """Uses are counted by this key in the database: it must never change for a rule."""
    scope = {"types": ["send_message"], "minPriceCents": None, "minRecipients": None}
    stored = hashlib.sha256(json.dumps(scope, sort_keys=True).encode()).hexdigest()[:16]
    (rule,) = parse_rules([{"types": ["send_message"], "approvals": 0, "maxPerDay": 9}])
    assert rule.allowance.key == stored and rule.allowance.per_day == 9


@pytest.fixture
async def world(store, clock):
    return await build_world(store, clock)


async def test_a_refused_rule_answers_the_error_envelope(client, world):
    """A rule the spec's shape allows but the rule's own checks refuse: 400 with the envelope,
    naming the field, and nothing stored."""
    await sign_in(client)
    csrf = await csrf_of(client)
    path = f"/v1/accounts/{world.live_account}/policy"
    sent = {"rules": [{"types": ["send_message"], "approvals": 1, "approvers": "members"}]}
    sent["rules"][0]["maxPerDay"] = 5
    response = await client.post(path, json=sent, headers={"x-csrf-token": csrf})
    assert response.status_code == 400, response.text
    error = response.json()["error"]
    assert (error["code"], error["param"]) == ("invalid_parameter", "rules[0].maxPerDay")
    shown = await client.get(path, headers={"x-csrf-token": csrf})
    assert shown.status_code == 200, shown.text
    assert shown.json()["data"]["source"] == "workspace"
