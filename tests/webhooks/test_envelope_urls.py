"""Events keep ids, not the service's address: an action's event is stored without its
`approvalUrl`, and the webhook envelope adds it from the sender's public URL, where the API's
answers have it (after `price`)."""

from __future__ import annotations

import datetime as dt
import json

import attrs

from service.actions.lifecycle import action_event
from service.actions.render import action_json
from service.webhooks.delivery import envelope
from tests.storage.test_store_contract import make_action

URL = "https://cs.example"
NOW = dt.datetime(2026, 11, 1, 12, 0, tzinfo=dt.UTC)


def test_the_stored_event_has_no_url_and_the_envelope_adds_the_apis():
    action = make_action("ws_1", "40001", NOW)
    event = action_event("action.created", action, NOW)
    assert "approvalUrl" not in event.data
    sent = json.loads(envelope(event, URL))["data"]
    answer = action_json(action, URL, NOW)
    assert sent == answer
    assert list(sent) == list(answer)  # the same order of fields as the API's answer
    assert sent["approvalUrl"] == f"{URL}/dashboard/actions/{action.id}"


def test_an_event_stored_with_its_url_is_sent_as_stored():
    action = make_action("ws_1", "40001", NOW)
    event = action_event("action.created", action, NOW)
    older = attrs.evolve(event, data=action_json(action, URL, NOW))
    assert json.loads(envelope(older, "https://moved.example"))["data"] == older.data
