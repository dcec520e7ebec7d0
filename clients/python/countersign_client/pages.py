"""Every item of a list, page after page, following `nextCursor` (with the documented retries)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from typing import Any

from countersign_client.generated.types import UNSET
from countersign_client.retries import DEFAULT_POLICY, Answer, RetryPolicy, acall, call


def iterate(
    operation: Callable[..., Answer],
    /,
    *args: Any,
    policy: RetryPolicy = DEFAULT_POLICY,
    **kwargs: Any,
) -> Iterator[Any]:
    """Items of `operation` (a generated list's `sync_detailed`), every page until `hasMore` is
    false. Works for the `/v1` lists (`data`) and the revenue pull (`transactions`)."""
    cursor = kwargs.pop("cursor", UNSET)
    while True:
        page = call(operation, *args, cursor=cursor, policy=policy, **kwargs)
        items = page.transactions if hasattr(page, "transactions") else page.data
        yield from items
        if not page.has_more or not page.next_cursor:
            return
        cursor = page.next_cursor


async def aiterate(
    operation: Callable[..., Awaitable[Answer]],
    /,
    *args: Any,
    policy: RetryPolicy = DEFAULT_POLICY,
    **kwargs: Any,
) -> AsyncIterator[Any]:
    """`iterate` for a generated list's `asyncio_detailed`: `async for item in aiterate(...)`."""
    cursor = kwargs.pop("cursor", UNSET)
    while True:
        page = await acall(operation, *args, cursor=cursor, policy=policy, **kwargs)
        for item in page.transactions if hasattr(page, "transactions") else page.data:
            yield item
        if not page.has_more or not page.next_cursor:
            return
        cursor = page.next_cursor
