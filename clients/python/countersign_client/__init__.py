"""A Python client for Countersign.

`countersign_client.generated` is made from openapi.yaml by openapi-python-client (one module
per operation, attrs models); never edit it. The rest is written by hand, on top of it:
connecting, every page of a list, the documented retries, waiting for a decision, and verifying
webhook signatures.
"""

from __future__ import annotations

from countersign_client.connect import connect, connect_revenue
from countersign_client.errors import CountersignError
from countersign_client.pages import aiterate, iterate
from countersign_client.retries import (
    RetryPolicy,
    acall,
    acreate_action,
    call,
    create_action,
    new_idempotency_key,
)
from countersign_client.waiting import await_decision, wait_for_decision
from countersign_client.webhooks import SignatureError, verify_signature, verify_standard

__all__ = [
    "CountersignError",
    "RetryPolicy",
    "SignatureError",
    "acall",
    "acreate_action",
    "aiterate",
    "await_decision",
    "call",
    "connect",
    "connect_revenue",
    "create_action",
    "iterate",
    "new_idempotency_key",
    "verify_signature",
    "verify_standard",
    "wait_for_decision",
]
