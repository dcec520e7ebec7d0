"""An action's approval page: its address, and a recorded action with it added.

The address is the service's, which only the edge knows, so events store an action without it
and whoever shows one (an answer, a delivered webhook) adds it: kernel, since both do.
"""

from __future__ import annotations

from typing import Any


def approval_url(public_url: str, action_id: str) -> str:
    return f"{public_url}/dashboard/actions/{action_id}"


def with_approval_url(record: dict[str, Any], public_url: str) -> dict[str, Any]:
    """`record` with its `approvalUrl`, where the API's schema places it (after `price`)."""
    body: dict[str, Any] = {}
    for key, value in record.items():
        body[key] = value
        if key == "price":
            body["approvalUrl"] = approval_url(public_url, record["id"])
    return body
