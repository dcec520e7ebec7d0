"""Waiting for a person's decision on an action, and for the action to finish running."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from countersign_client.retries import DEFAULT_POLICY, RetryPolicy, call

FINAL = frozenset({"executed", "failed", "rejected", "expired"})


def wait_for_decision(
    client: Any,
    action_id: str,
    *,
    timeout: float = 3600.0,
    interval: float = 2.0,
    until: frozenset[str] = FINAL,
    policy: RetryPolicy = DEFAULT_POLICY,
    clock: Callable[[], float] = time.monotonic,
) -> Any:
    """GET /v1/actions/{id} every `interval` seconds until its status is in `until` (by default
    a final one: executed, failed, rejected, expired); the Action. TimeoutError after `timeout`.
    Use `until=frozenset({"approved", "rejected", "expired", ...})` to stop at the decision."""
    from countersign_client.generated.api.actions import get_action

    deadline = clock() + timeout
    while True:
        action = call(get_action.sync_detailed, action_id, client=client, policy=policy).data
        if str(action.status) in until:
            return action
        if clock() + interval > deadline:
            raise TimeoutError(f"action {action_id} is still {action.status} after {timeout} s")
        policy.sleep(interval)
