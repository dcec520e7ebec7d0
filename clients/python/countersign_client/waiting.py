"""Waiting for a person's decision on an action, or for the action to finish running.

The service holds `GET /v1/actions/{id}?wait=N&until=…` open until the action gets there (at
most 60 s a request), so waiting costs one request a minute instead of a poll every second.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, Literal

from countersign_client.retries import DEFAULT_POLICY, RetryPolicy, acall, call

FINISHED = frozenset({"executed", "failed", "rejected", "expired", "cancelled"})
"""The statuses an action never leaves."""
DECIDED = FINISHED | {"approved", "executing"}
"""No longer pending: decided by a person or a policy, or ended without a decision."""
MAX_WAIT = 60  # seconds the service holds one request at most


def wait_for_decision(
    client: Any,
    action_id: str,
    *,
    until: Literal["decided", "finished"] = "finished",
    timeout: float = 3600.0,
    policy: RetryPolicy = DEFAULT_POLICY,
    clock: Callable[[], float] = time.monotonic,
) -> Any:
    """The Action once it is `decided` (no longer pending) or `finished` (executed, failed,
    rejected, expired or cancelled: the default); TimeoutError after `timeout` seconds."""
    from countersign_client.generated.api.actions import get_action

    reached, longest = _reach(client.get_httpx_client(), until)
    deadline = clock() + timeout
    while True:
        wait = max(1, min(longest, int(deadline - clock())))
        action = call(
            get_action.sync_detailed,
            action_id,
            client=client,
            wait=wait,
            until=until,
            policy=policy,
        ).data
        if str(action.status) in reached:
            return action
        if clock() >= deadline:
            raise TimeoutError(f"action {action_id} is still {action.status} after {timeout} s")


def _reach(http: Any, until: str) -> tuple[frozenset[str], int]:
    """The statuses that end the wait, and the longest `wait=` the httpx client's timeout
    allows."""
    read_timeout = http.timeout.read
    longest = MAX_WAIT if read_timeout is None else min(MAX_WAIT, int(read_timeout) - 1)
    return (FINISHED if until == "finished" else DECIDED), longest


async def await_decision(
    client: Any,
    action_id: str,
    *,
    until: Literal["decided", "finished"] = "finished",
    timeout: float = 3600.0,  # noqa: ASYNC109 - a deadline over many requests, as in the sync one
    policy: RetryPolicy = DEFAULT_POLICY,
    clock: Callable[[], float] = time.monotonic,
) -> Any:
    """`wait_for_decision` for asyncio."""
    from countersign_client.generated.api.actions import get_action

    reached, longest = _reach(client.get_async_httpx_client(), until)
    deadline = clock() + timeout
    while True:
        wait = max(1, min(longest, int(deadline - clock())))
        answer = await acall(
            get_action.asyncio_detailed,
            action_id,
            client=client,
            wait=wait,
            until=until,
            policy=policy,
        )
        if str(answer.data.status) in reached:
            return answer.data
        if clock() >= deadline:
            raise TimeoutError(
                f"action {action_id} is still {answer.data.status} after {timeout} s"
            )
