"""The one walk over a platform `{list, hasMore}` route, page by page at growing offsets."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

PAGE = 100  # the platform's largest page


async def walk(
    fetch: Callable[[int], Awaitable[Any]], *, max_pages: int | None = None, start: int = 0
) -> AsyncIterator[tuple[list[Any], bool]]:
    """Each non-empty page's rows as `fetch(offset)` answers them from offset `start`, with
    whether another page follows. It stops at an empty or malformed page, after a page without
    `hasMore`, or after `max_pages` (a runaway `hasMore`, or a pass to go on with later); the
    caller stops it early by leaving the loop. The next offset is past the rows read, so a
    short page leaves nothing out."""
    offset, pages = start, 0
    while max_pages is None or pages < max_pages:
        page = await fetch(offset)
        pages += 1
        rows = page.get("list") if isinstance(page, dict) else None
        if not isinstance(rows, list) or not rows:
            return
        more = bool(page.get("hasMore"))
        yield rows, more
        if not more:
            return
        offset += len(rows)
