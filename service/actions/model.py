"""The Action record: what was asked, who decided, what the platform answered."""

from __future__ import annotations

import datetime as dt
from enum import StrEnum
from typing import Any

from attrs import field, frozen

Json = dict[str, Any]


@frozen
class Action:
    id: str
    workspace_id: str
    account_id: str
    mode: str
    type: str
    status: str
    params: Json
    summary: str
    estimated_recipients: int | None
    price: Json | None
    requested_by: Json
    idempotency_key: str
    fingerprint: str
    created_at: dt.datetime
    expires_at: dt.datetime
    decided_by: Json | None = None
    decision_note: str | None = None
    decided_at: dt.datetime | None = None
    executed_at: dt.datetime | None = None
    result: Json | None = None
    error: Json | None = None
    claimed_by: str | None = None
    claimed_at: dt.datetime | None = None
    warnings: list[Json] = field(factory=list)
    """`[{code, message, param}]` found against synced data at creation (never blocking)."""
    approvals: list[Json] = field(factory=list)
    """`[{name, email, at, who}]` counted toward the quorum since the last edit (`who` is
    internal: the person's user id, or the label of a caller that is not a person)."""
    approvals_required: int = 1
    approvers: str = "members"
    """The policy captured at creation: how many different people, and which roles."""
    revision: int = 0
    """Bumped by every approval and edit: the condition of their conditional writes."""
    requested_by_user: str | None = None
    """The user id of the person who asked (requestedBy.kind `user`), never shown."""
    requested_params: Json | None = None
    """What was asked, once an approver edited `params` (None: never edited)."""
    edited_by: Json | None = None
    edited_at: dt.datetime | None = None
    replaces: str | None = None
    """The expired or rejected action this one asks again for."""
    replaced_by: str | None = None
    """The action that asked again for this one."""
    execution_attempts: int = 0
    """Sends the platform surely never received, retried later (0: never retried)."""
    last_error: Json | None = None
    """The last of those refusals, `{code, message}`."""
    next_attempt_at: dt.datetime | None = None
    """An approved action is not claimed before this (None: due now)."""
    retrying_since: dt.datetime | None = None
    """The first refusal: the patience (COUNTERSIGN_EXECUTION_PATIENCE) counts from it."""
    run_at: dt.datetime | None = None
    """A scheduled action runs then, once approved, and no sooner (None: once approved). Its
    `expires_at` is this time: one still pending then expires."""
    escalate_at: dt.datetime | None = None
    """A still-pending action is escalated then (its rule's `escalateAfterMinutes`; None:
    never, or already escalated)."""
    escalated_at: dt.datetime | None = None
    routed_to: Json | None = None
    """`{to: [{name, email}], fallback, at}`: who its creation was announced to."""
    shadow: Json | None = None
    """`{wouldApprove, rule}`: what a shadow allowance it matched would have done (None: none
    matched)."""
    shadow_key: str | None = None
    """The shadow allowance's key when it would have approved: its day's uses are counted by it."""
    price_cents: int | None = None
    """The price asked at creation, in cents (None: free; an edit lowering `price` keeps it),
    a plain column so the policy suggestions count an account's actions by the price people
    were asked to approve from ix_actions_account_list alone."""

    @property
    def approvals_needed(self) -> int:
        """How many more approvals, by different people, before it is approved."""
        return max(self.approvals_required - len(self.approvals), 0)


class AllowedWrite(StrEnum):
    """What writing an action an allowance approved came to."""

    WRITTEN = "written"
    KEY_TAKEN = "key_taken"
    """Another action holds its idempotency key: nothing was written."""
    USED_UP = "used_up"
    """The allowance already approved its `per_day` in the window: nothing was written."""
    LIMIT_REACHED = "limit_reached"
    """A daily limit already holds its `per_day` in the window: nothing was written."""


@frozen
class LimitCap:
    """One daily limit a creation is held to: fewer than `per_day` actions of `types` created
    after `since` that may still run at `now`."""

    types: tuple[str, ...]
    per_day: int
    since: dt.datetime
    now: dt.datetime


@frozen
class GovernedWrite:
    """What writing an action under daily limits came to, and each limit's window as the
    write read it (how many counted, the oldest one's creation), in the limits' order."""

    outcome: AllowedWrite
    windows: tuple[tuple[int, dt.datetime | None], ...]


@frozen
class AllowanceUse:
    """One use of an allowance, counted against the uses after `since`."""

    key: str
    per_day: int
    since: dt.datetime
