"""What every synced-family read shares: the account check, the page and its cursor, the meta.

Synced pages are keyset-paginated on each family's order with the shared pager
(service/http/paging.py: a signed cursor holds the last row's position); live pages
(`fresh=true`) follow the platform's offsets (the cursor holds the next offset). A cursor is
bound to its list, account, filters, mode and key, like the other lists.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from service.actions.usecases import visible_account
from service.api.endpoint import Call, Incoming, Reply
from service.domain.clock import isoformat
from service.domain.models import Account
from service.domain.stored_json import StoredJson
from service.http.paging import Pager, by_id

Position = Callable[[Any], list[Any]]
K = TypeVar("K")


def synced_only(incoming: Incoming) -> bool:
    """A read without `fresh` keeps authentication's unit of work (one connection checkout,
    one transaction); a live read must not hold a connection while the platform answers."""
    return "fresh" not in incoming.query


async def account_of(call: Call) -> Account:
    async with call.reading() as uow:
        return await visible_account(uow, call.principal, call.params.path["accountId"])


def is_fresh(call: Call) -> bool:
    return bool(call.params.query.get("fresh"))


def filters_of(call: Call, **more: Any) -> dict[str, Any]:
    p = call.principal
    return {
        "account": call.params.path["accountId"],
        "fresh": is_fresh(call),
        "mode": p.mode,
        "key": p.key_id or p.user_id,
        **more,
    }


def pager(
    call: Call, name: str, filters: dict[str, Any], key: Callable[[list[Any]], K]
) -> Pager[K]:
    return Pager(call.services.cursors, name, filters, call.params.query["limit"], key)


def by_text_and_id(position: list[Any]) -> tuple[str, str]:
    """A name or date-text sort key and the row's id (fan lists, posts, vault)."""
    text, row_id = position
    if not isinstance(text, str):
        raise TypeError(text)
    return text, by_id([row_id])


def synced_page(
    call: Call,
    pages: Pager[Any],
    rows: Sequence[dict[str, Any]] | Sequence[dict[str, Any] | StoredJson],
    at: Position,
    as_of: dt.datetime | None,
) -> Reply:
    """`rows` were read with `limit + 1`: the extra one says whether there is a next page."""
    page = pages.page(rows, at)
    body = {"data": page.items, "hasMore": page.more, "nextCursor": page.cursor}
    return Reply({**body, "meta": call.meta("synced", isoformat(as_of))})


def live_page(
    call: Call,
    pages: Pager[int],
    page: list[dict[str, Any]],
    more: bool,
    offset: int,
    read_at: dt.datetime,
) -> Reply:
    """A live page: the platform pages by offset, so the cursor holds the next offset."""
    cursor = pages.cursor([offset + len(page)]) if more else None
    body = {"data": page, "hasMore": more, "nextCursor": cursor}
    return Reply({**body, "meta": call.meta("live", isoformat(read_at))})


def listed(answer: Any) -> tuple[list[dict[str, Any]], bool]:
    """A platform `{list, hasMore}` answer's rows (objects with an id) and whether more follow."""
    rows = answer.get("list") if isinstance(answer, dict) else None
    if not isinstance(rows, list):
        return [], False
    items = [r for r in rows if isinstance(r, dict) and "id" in r]
    return items, bool(answer.get("hasMore"))
