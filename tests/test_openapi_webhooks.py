"""openapi.yaml's webhooks: every event described, and the signature headers' patterns take
what the sender signs."""

from __future__ import annotations

from openapi_schema_validator import OAS31Validator

from service.webhooks.models import DELIVERED_EVENTS
from tests.openapi_kit import resolve

WEBHOOK_EVENTS = {
    "transaction.observed": "Transaction",
    "test": None,
    "action.created": "Action",
    "action.executed": "Action",
    "action.rejected": "Action",
    "action.failed": "Action",
    "action.expired": "Action",
    "action.cancelled": "Action",
    "action.approved": "Action",
    "action.escalated": "Action",
    "account.connected": None,
    "account.status_changed": None,
    "link.failed": "FailedLink",
    "allowance.paused": None,
}


def test_webhooks(spec):
    webhooks = spec["webhooks"]
    assert set(webhooks) == set(WEBHOOK_EVENTS)
    for event, data_schema in WEBHOOK_EVENTS.items():
        op = webhooks[event]["post"]
        headers = {resolve(spec, p)["name"]: resolve(spec, p) for p in op["parameters"]}
        assert set(headers) == {
            "x-svc-event",
            "x-svc-delivery",
            "x-svc-signature",
            "webhook-id",
            "webhook-timestamp",
            "webhook-signature",
        }
        assert headers["x-svc-event"]["schema"] == {"const": event}
        assert all(h["in"] == "header" and h["required"] for h in headers.values())
        body = resolve(spec, op["requestBody"]["content"]["application/json"]["schema"])
        envelope, specific = body["allOf"]
        assert envelope == {"$ref": "#/components/schemas/EventEnvelope"}
        assert specific["properties"]["type"] == {"const": event}
        assert specific["required"] == ["type", "data"]
        if data_schema is not None:
            assert specific["properties"]["data"] == {"$ref": f"#/components/schemas/{data_schema}"}
        assert "2XX" in op["responses"]


def test_standard_signature_header_pattern_takes_what_the_sender_signs(spec):
    from service.webhooks.signing import new_secret, sign_standard

    schema = spec["components"]["parameters"]["StandardWebhookSignature"]["schema"]
    validator = OAS31Validator(schema)
    for secrets in ([new_secret()], [new_secret(), "whsec_old-style_secret"]):
        assert validator.is_valid(sign_standard("dlv_1", b"{}", secrets, 1763712000))
    assert not validator.is_valid("v1=" + "a" * 64)


def test_signature_header_pattern(spec):
    validator = OAS31Validator(spec["components"]["parameters"]["WebhookSignature"]["schema"])
    assert validator.is_valid("t=1763712000,v1=" + "a" * 64)
    assert validator.is_valid("t=1763712000,v1=" + "a" * 64 + ",v1=" + "b" * 64)
    assert not validator.is_valid("v1=" + "a" * 64)
    assert not validator.is_valid("t=1763712000")


def test_an_endpoint_can_subscribe_to_every_delivered_event(spec):
    """The endpoint requests' `eventTypes` offer exactly the events the service delivers."""
    for name in ("CreateWebhookEndpointRequest", "UpdateWebhookEndpointRequest"):
        offered = spec["components"]["schemas"][name]["properties"]["eventTypes"]["items"]["enum"]
        assert sorted(offered) == sorted(DELIVERED_EVENTS), name
