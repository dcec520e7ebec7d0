"""The record autonomy is earned from: what people decided about an account's actions, counted
by the database (storage's `Record`), for the shadow allowances' figures, the policy
suggestions and the pausing of an allowance whose actions fail."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Protocol

from attrs import frozen

from service.actions.model import Action


@frozen
class ShadowDay:
    """One shadow allowance's day: the actions it would have approved, by what people did."""

    key: str
    day: dt.date
    would_approve: int = 0
    approved_as_is: int = 0
    edited: int = 0
    """Approved after a person changed what it said (rejected ones count as rejected)."""
    rejected: int = 0
    expired: int = 0
    cancelled: int = 0
    pending: int = 0


@frozen
class TypeDay:
    """One action type's UTC day on one account, by outcome."""

    type: str
    day: dt.date
    created: int = 0
    approved_unedited: int = 0
    """Approved by a person as it was asked."""
    edited: int = 0
    """Changed by a person before it was approved or rejected."""
    rejected: int = 0
    expired: int = 0
    by_allowance: int = 0
    failed: int = 0


@frozen
class TypePrice:
    """One action type's priced actions at one price, decided by people, on one account."""

    type: str
    price_cents: int
    approved_unedited: int = 0
    turned_down: int = 0
    """Rejected, or changed by a person before it was approved or rejected."""


class Record(Protocol):
    async def shadow_used(
        self,
        workspace_id: str,
        mode: str,
        account_id: str,
        key: str,
        since: dt.datetime,
        cap: int,
    ) -> int:
        """How many actions the shadow allowance `key` would have approved after `since`,
        counted up to `cap` (its `maxPerDay`: more is never needed)."""

    async def shadow_days(
        self, workspace_id: str, mode: str, account_id: str, start: dt.datetime, end: dt.datetime
    ) -> Sequence[ShadowDay]:
        """Per shadow allowance and UTC day, the actions created in [start, end) it would have
        approved, by where they stand now (pending past expiry counts as expired only once the
        expirer moved it)."""

    async def shadow_let_through(
        self,
        workspace_id: str,
        mode: str,
        account_id: str,
        start: dt.datetime,
        end: dt.datetime,
        limit: int,
    ) -> Sequence[Action]:
        """The newest actions created in [start, end) that a shadow allowance would have
        approved and a person rejected or edited: what it would have let through."""

    async def type_prices(
        self, workspace_id: str, mode: str, account_id: str, start: dt.datetime, end: dt.datetime
    ) -> Sequence[TypePrice]:
        """Per type and price, the priced actions created in [start, end) that people decided."""

    async def type_days(
        self, workspace_id: str, mode: str, account_id: str, start: dt.datetime, end: dt.datetime
    ) -> Sequence[TypeDay]:
        """The account's actions created in [start, end) per type and UTC day by outcome,
        counted from one index (ix_actions_account_list), never the rows."""

    async def allowance_outcomes(
        self, workspace_id: str, account_id: str, key: str, last: int
    ) -> Sequence[Action]:
        """The last `last` actions the allowance `key` approved on the account that finished
        (executed or failed), newest first, among its uses still kept (a day and more)."""

    async def uncovered_decisions(
        self,
        workspace_id: str,
        mode: str,
        account_id: str,
        types: Sequence[str],
        warning: str,
        last: int,
    ) -> Sequence[Action]:
        """The last `last` actions of `types` on the account that people approved or rejected
        and that carry the warning `warning` (an allowance used up), newest first, found among
        the account's newest decided actions of those types (ten times `last`)."""
