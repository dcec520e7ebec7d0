"""The API's retry rules (docs/api-guide.md) around any generated `sync_detailed` function.

- 429 `rate_limited`: wait `Retry-After` seconds, then retry.
- 500 / 503 `internal_error`: retry with a growing delay (never shorter than `Retry-After`).
- 502 `platform_error` / `platform_timeout`: retry after a short (growing) wait.
- A connection that could not be made (nothing was sent): retry with a growing delay.
- Anything else is raised as CountersignError at once: an unchanged resend fails the same way.

The arguments are passed unchanged to every attempt, so an action creation sends the same
`Idempotency-Key` each time and the action is created once (`create_action` makes the key).
"""

from __future__ import annotations

import asyncio
import random
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

import httpx

from countersign_client.errors import CountersignError

T = TypeVar("T")


class Answer(Protocol):
    """What a generated `sync_detailed` returns (countersign_client.generated.types.Response)."""

    @property
    def status_code(self) -> int: ...
    @property
    def content(self) -> bytes: ...
    @property
    def headers(self) -> Any: ...
    @property
    def parsed(self) -> Any: ...


def full_jitter(delay: float) -> float:
    """Between half the delay and all of it, so many clients do not retry in step."""
    return delay * (0.5 + random.random() / 2)  # spreading retries, not secrets


@dataclass(frozen=True)
class RetryPolicy:
    attempts: int = 5
    base_delay: float = 0.5
    max_delay: float = 30.0
    sleep: Callable[[float], None] = time.sleep
    jitter: Callable[[float], float] = field(default=full_jitter)
    async_sleep: Callable[[float], Awaitable[None]] = asyncio.sleep

    def growing(self, attempt: int) -> float:
        return min(self.max_delay, self.jitter(self.base_delay * 2**attempt))

    def wait_for(self, error: CountersignError, attempt: int) -> float | None:
        """Seconds to wait before the next attempt, or None when retrying cannot help."""
        if error.status == 429:
            after = error.retry_after
            return after if after is not None else self.growing(attempt)
        if error.status in (500, 503):
            return max(self.growing(attempt), error.retry_after or 0.0)
        if error.status == 502:
            return self.growing(attempt)
        return None


DEFAULT_POLICY = RetryPolicy()


def _wait_after(policy: RetryPolicy, attempt: int, answer: Answer) -> tuple[Any, float]:
    """(the parsed body, 0) on success; (None, seconds) to retry; raises when it must stop."""
    status = int(answer.status_code)
    if 200 <= status < 300:
        return answer.parsed, 0.0
    error = CountersignError.from_answer(status, answer.content, answer.headers)
    wait = policy.wait_for(error, attempt)
    if wait is None or attempt == policy.attempts - 1:
        raise error
    return None, wait


def call(
    operation: Callable[..., Answer],
    /,
    *args: Any,
    policy: RetryPolicy = DEFAULT_POLICY,
    **kwargs: Any,
) -> Any:
    """`operation(*args, **kwargs)` until it succeeds or the retry rules say to stop; the parsed
    body."""
    for attempt in range(policy.attempts):
        try:
            answer = operation(*args, **kwargs)
        except httpx.ConnectError:
            if attempt == policy.attempts - 1:
                raise
            policy.sleep(policy.growing(attempt))
            continue
        parsed, wait = _wait_after(policy, attempt, answer)
        if not wait:
            return parsed
        policy.sleep(wait)
    raise AssertionError("unreachable: the last attempt returns or raises")


async def acall(
    operation: Callable[..., Awaitable[Answer]],
    /,
    *args: Any,
    policy: RetryPolicy = DEFAULT_POLICY,
    **kwargs: Any,
) -> Any:
    """`call` for a generated `asyncio_detailed` function."""
    for attempt in range(policy.attempts):
        try:
            answer = await operation(*args, **kwargs)
        except httpx.ConnectError:
            if attempt == policy.attempts - 1:
                raise
            await policy.async_sleep(policy.growing(attempt))
            continue
        parsed, wait = _wait_after(policy, attempt, answer)
        if not wait:
            return parsed
        await policy.async_sleep(wait)
    raise AssertionError("unreachable: the last attempt returns or raises")


def new_idempotency_key() -> str:
    return f"cs-{uuid.uuid4()}"


def create_action(
    client: Any,
    account_id: str,
    body: Any,
    *,
    idempotency_key: str | None = None,
    policy: RetryPolicy = DEFAULT_POLICY,
) -> Any:
    """POST /v1/accounts/{id}/actions with retries; one key for every attempt.

    Pass your own `idempotency_key` to make a retry after a crash of your process land on the
    same action; without one, a fresh key is made for this call and used on each attempt.
    """
    from countersign_client.generated.api.actions import create_action as operation

    key = idempotency_key or new_idempotency_key()
    return call(
        operation.sync_detailed,
        account_id,
        client=client,
        body=body,
        idempotency_key=key,
        policy=policy,
    )


async def acreate_action(
    client: Any,
    account_id: str,
    body: Any,
    *,
    idempotency_key: str | None = None,
    policy: RetryPolicy = DEFAULT_POLICY,
) -> Any:
    """`create_action` for asyncio."""
    from countersign_client.generated.api.actions import create_action as operation

    key = idempotency_key or new_idempotency_key()
    return await acall(
        operation.asyncio_detailed,
        account_id,
        client=client,
        body=body,
        idempotency_key=key,
        policy=policy,
    )
