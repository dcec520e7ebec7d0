"""What every synced-family read shares: the account check, the page and its cursor, the meta.

Synced pages are keyset-paginated on each family's order with the shared pager
(service/http/paging.py: a signed cursor holds the last row's position); live pages
(`fresh=true`) follow the platform's offsets (the cursor holds the next offset). A cursor is
bound to its list, account, filters, mode and key, like the other lists.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, TypeVar

from attrs import frozen

from service.accounts.model import Account
from service.actions.reach import visible_account
from service.api.endpoint import Call, Incoming, Reply
from service.domain.clock import isoformat
from service.domain.stored_json import StoredJson
from service.http.paging import Pager, by_count, by_id
from service.ports import UnitOfWork

Position = Callable[[Any], list[Any]]
K = TypeVar("K")
Rows = Sequence[dict[str, Any]] | Sequence[dict[str, Any] | StoredJson]
Held = Callable[[UnitOfWork, Account, Any, int], Awaitable[Rows]]
"""Reads the synced rows after a keyset position: (unit of work, account, after, limit)."""


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


@frozen
class Listed:
    """A synced family's list as both sources page it: its cursor name, its platform route
    (with any fixed query) and the shape of a platform row; its synced sort position and the
    keyset that position becomes."""

    name: str
    route: str
    shape: Callable[[dict[str, Any]], dict[str, Any]]
    at: Position
    keyset: Callable[[list[Any]], Any] = by_text_and_id
    query: dict[str, Any] | None = None


async def synced_or_live(
    call: Call,
    listed_as: Listed,
    held: Held,
    *,
    filters: dict[str, Any] | None = None,
    query: dict[str, Any] | None = None,
    param: str | None = None,
) -> Reply:
    """One page of a synced family's list: the synced rows by default, the platform's own
    with `fresh=true`. `query` adds to the platform read's query and `param` names what its
    404 is about."""
    account = await account_of(call)
    filters = filters_of(call) if filters is None else filters
    limit, token = call.params.query["limit"], call.params.query.get("cursor")
    if is_fresh(call):
        live = pager(call, listed_as.name, filters, by_count)
        offset = live.start(token) or 0
        answer, read_at = await call.services.live.read(
            account,
            listed_as.route,
            query={"limit": limit, "offset": offset, **(listed_as.query or {}), **(query or {})},
            param=param,
        )
        rows, more = listed(answer)
        return live_page(call, live, [listed_as.shape(row) for row in rows], more, offset, read_at)
    keyset = pager(call, listed_as.name, filters, listed_as.keyset)
    async with call.reading() as uow:
        found = await held(uow, account, keyset.start(token), limit + 1)
    return synced_page(call, keyset, found, listed_as.at, account.last_synced_at)
