"""Reading the revenue feed back: the pull's rules, whatever channel asks.

A reader names where to start with `since` (an instant; the last 24 hours when it names
nothing) or with the sequence number its cursor holds, never both; a key limited to some
accounts must name one of them. Rows come in sequence order, and the high-water mark read
before them lets an idle reader's place move on safely (storage/sql/repos/revenue.py says why
a late commit can never be skipped).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from service.domain.clock import parse_instant
from service.domain.principal import Principal
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.ports import UnitOfWork

DEFAULT_WINDOW = dt.timedelta(hours=24)
"""Where a first read starts when it names no `since`."""


def since_of(since: str | None, from_cursor: bool, now: dt.datetime) -> dt.datetime | None:
    """The instant a page starts at; None when a cursor says where (`since` and a cursor
    together are refused: the cursor already says where the next page starts)."""
    if since is not None and from_cursor:
        raise ApiError(
            ErrorCode.INVALID_PARAMETER,
            "Pass `since` or `cursor`, never both: the cursor "
            "already says where the next page starts.",
            param="since",
        )
    if from_cursor:
        return None
    if since is None:
        return now - DEFAULT_WINDOW
    try:
        return parse_instant(since)
    except ValueError:
        raise ApiError(
            ErrorCode.INVALID_PARAMETER,
            "`since` must be an RFC 3339 instant such as 2026-11-01T00:00:00Z.",
            param="since",
        ) from None


async def check_reader(uow: UnitOfWork, principal: Principal, account: str | None) -> None:
    """A key limited to some accounts reads one of them at a time, and only its own."""
    if account is None and principal.account_ids is not None:
        raise ApiError(
            ErrorCode.INVALID_PARAMETER,
            "Keys limited to some accounts must name one with `account`.",
            param="account",
        )
    if account is not None:
        await _check_account(uow, principal, account)


async def read_page(
    uow: UnitOfWork,
    principal: Principal,
    account: str | None,
    *,
    after_seq: int,
    since: dt.datetime | None,
    limit: int,
) -> tuple[Sequence[dict[str, Any]], int]:
    """Up to `limit` rows after `after_seq` (and at or after `since`), and the high-water mark:
    every row numbered up to it was committed before the page was read."""
    high_water = await uow.transactions.high_water(principal.workspace_id)
    rows = await uow.transactions.page(
        principal.workspace_id,
        mode=principal.mode,
        account_id=account,
        after_seq=after_seq,
        since=since,
        limit=limit,
    )
    return rows, high_water


async def _check_account(uow: UnitOfWork, principal: Principal, account_id: str) -> None:
    """The key must be allowed to act as `account`: in its list and an account of its mode."""
    found = await uow.accounts.get(principal.workspace_id, account_id)
    if not principal.allows(account_id) or found is None or found.mode != principal.mode:
        raise ApiError(
            ErrorCode.MISSING_PERMISSION,
            "This key may not act as that account.",
            permission=f"account:{account_id}",
        )
