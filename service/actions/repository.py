"""The actions' storage port. Every status move is a conditional write that returns the row it
changed (or None when another writer won), never a read then an unconditional write.

`**values: Unpack[ActionChanges]` names the columns a write may change, so mypy checks every
column name and value type a caller passes: the record's fields (model.py) minus its identity
and `status` (a move's destination, given on its own); tests/storage/test_changes.py keeps them
in step with the record."""

from __future__ import annotations

import builtins
import datetime as dt
from collections.abc import Sequence
from typing import Any, Protocol, TypedDict, Unpack

from service.actions.model import Action, AllowanceUse, AllowedWrite, GovernedWrite, LimitCap
from service.actions.policies.activity_day import ActivityDay
from service.domain.audit_entry import AuditEntry
from service.domain.events import Event

Json = dict[str, Any]


ACTIONS_CHANNEL = "countersign_actions"
"""Notified when an action is approved, so executors in other processes start at once."""


class ActionChanges(TypedDict, total=False):
    account_id: str
    mode: str
    type: str
    params: Json
    summary: str
    estimated_recipients: int | None
    price: Json | None
    requested_by: Json
    idempotency_key: str
    fingerprint: str
    created_at: dt.datetime
    expires_at: dt.datetime
    decided_by: Json | None
    decision_note: str | None
    decided_at: dt.datetime | None
    executed_at: dt.datetime | None
    result: Json | None
    error: Json | None
    claimed_by: str | None
    claimed_at: dt.datetime | None
    warnings: list[Json]
    approvals: list[Json]
    approvals_required: int
    approvers: str
    revision: int
    requested_by_user: str | None
    requested_params: Json | None
    edited_by: Json | None
    edited_at: dt.datetime | None
    replaces: str | None
    replaced_by: str | None
    execution_attempts: int
    last_error: Json | None
    next_attempt_at: dt.datetime | None
    retrying_since: dt.datetime | None
    run_at: dt.datetime | None
    escalate_at: dt.datetime | None
    escalated_at: dt.datetime | None
    routed_to: Json | None
    shadow: Json | None
    shadow_key: str | None
    price_cents: int | None


class Actions(Protocol):
    async def add(self, action: Action) -> None:
        """Raises DuplicateError when the workspace already used the idempotency key."""

    async def add_unless_key_used(self, action: Action) -> bool:
        """Insert the action unless the workspace already used its idempotency key: one statement
        racing on the unique index. False (and nothing written) when the key was taken; the
        transaction stays usable either way."""

    async def add_with_event(self, action: Action, event: Event) -> bool:
        """`add_unless_key_used` and the action's outbox event, both or neither; False (nothing
        written) when the key was taken. One statement on PostgreSQL, so it is safe in
        `Store.single_statement()`; on SQLite two, in that unit's transaction."""

    async def get(self, workspace_id: str, action_id: str) -> Action | None: ...
    async def get_by_idempotency_key(self, workspace_id: str, key: str) -> Action | None: ...
    async def pending_by_expiry(
        self,
        workspace_id: str,
        *,
        mode: str,
        now: dt.datetime,
        account_id: str | None = None,
        type_: str | None = None,
        limit: int = 100,
        only_accounts: Sequence[str] | None = None,
    ) -> Sequence[Action]:
        """Pending actions not yet expired, the soonest to expire first."""

    async def pending_counts(
        self,
        workspace_id: str,
        *,
        mode: str,
        now: dt.datetime,
        only_accounts: Sequence[str] | None = None,
    ) -> dict[str, int]: ...
    async def statuses(
        self, action_ids: Sequence[str], *, other_than: str | None = None
    ) -> dict[str, str]:
        """The status of each of these actions (any workspace) that exists; with `other_than`,
        only of those whose status is not that one."""

    async def get_many(self, action_ids: Sequence[str]) -> Sequence[Action]:
        """These actions (any workspace), those that exist."""

    async def list(
        self,
        workspace_id: str,
        *,
        mode: str,
        status: str | None = None,
        account_id: str | None = None,
        type_: str | None = None,
        only_accounts: Sequence[str] | None = None,
        before: tuple[dt.datetime, str] | None = None,
        limit: int = 25,
        now: dt.datetime | None = None,
    ) -> Sequence[Action]: ...
    async def transition(
        self,
        action_id: str,
        from_statuses: Sequence[str],
        to_status: str,
        *,
        not_expired_at: dt.datetime | None = None,
        if_revision: int | None = None,
        **values: Unpack[ActionChanges],
    ) -> Action | None:
        """Move one action if (and only if) it is still in one of `from_statuses` (and, when
        given, not expired at `not_expired_at` and still at revision `if_revision`)."""

    async def expire_due(self, now: dt.datetime) -> Sequence[Action]:
        """Move every pending action past its expiry to `expired`; the moved actions, by id."""

    async def escalation_due(self, now: dt.datetime) -> bool:
        """Whether a pending action's escalation is due (a read, before taking a write)."""

    async def escalate_due(self, now: dt.datetime) -> Sequence[Action]:
        """Mark every pending, unexpired action whose `escalate_at` has come escalated at
        `now` (its `escalate_at` cleared), in one conditional write: a second escalator at
        the same moment gets none of them. The escalated actions, by id."""

    async def set_routed_to(self, action_id: str, routed_to: dict[str, Any]) -> None:
        """Who the action's creation was announced to (service/people/routing.py)."""

    async def decided_between(
        self,
        workspace_id: str,
        mode: str,
        start: dt.datetime,
        end: dt.datetime,
        only_accounts: Sequence[str] | None = None,
        limit: int = 20_000,
    ) -> Sequence[Action]:
        """The actions created in [start, end) that a person or policy decided, oldest first
        (the Activity page's figures per member)."""

    async def mark_replaced(self, action_id: str, replaced_by: str) -> None:
        """Name the action that asked again for this one (once; not a status move)."""

    async def allowance_used(
        self,
        workspace_id: str,
        account_id: str,
        allowance: str,
        since: dt.datetime,
        per_day: int,
    ) -> int:
        """How many of the account's actions the allowance `allowance` approved after `since`
        (`per_day`: its `maxPerDay`, what a day usually holds at most)."""

    async def limit_window(
        self,
        workspace_id: str,
        mode: str,
        account_id: str,
        types: Sequence[str],
        since: dt.datetime,
        now: dt.datetime,
    ) -> tuple[int, dt.datetime | None]:
        """How many of the account's actions of `types` were created after `since` and may
        still run (not rejected, expired, cancelled, nor pending past expiry at `now`), and
        when the oldest of them was created."""

    async def activity(
        self,
        workspace_id: str,
        mode: str,
        account_id: str,
        start: dt.datetime,
        end: dt.datetime,
        now: dt.datetime,
    ) -> builtins.list[ActivityDay]:
        """The account's actions created in [start, end), counted per UTC day by outcome
        (service/actions/policies/activity_day.py), with the median time to a decision; only days with
        actions, oldest first. Aggregated by the database on the account's list index."""

    async def add_allowed(
        self,
        action: Action,
        events: Sequence[Event],
        audit: AuditEntry | None,
        use: AllowanceUse,
        wake: str | None = None,
    ) -> AllowedWrite:
        """An action an allowance approved, its events (in order), its audit entry and its use of
        the allowance, all or nothing, then a NOTIFY of `wake`: nothing when the allowance
        already approved `per_day` actions after `use.since` (USED_UP) or the action's key was
        taken (KEY_TAKEN). Uses are numbered, one number per use: when a concurrent creation
        took the number this one would take, nothing is written and DuplicateError is raised
        (try again in a new statement; in a transaction that locked the account it cannot
        happen). One statement on PostgreSQL, so it is safe in `Store.single_statement()`."""

    async def add_governed(
        self,
        action: Action,
        events: Sequence[Event],
        audit: AuditEntry | None,
        use: AllowanceUse | None,
        caps: Sequence[LimitCap],
        wake: str | None = None,
    ) -> GovernedWrite:
        """`add_allowed` (or, with no `use`, `add_with_event`'s pending action and events) held
        to the daily limits `caps` as well: nothing is written when one of them already holds
        its `per_day` (LIMIT_REACHED, each window as read). On PostgreSQL each such creation
        takes the account's next number (a ticket) in the same statement, so of two creations
        that read the same windows one writes nothing and raises DuplicateError (try again in
        a new statement): a limit is exact without locking the account."""

    async def claim_next(self, worker: str, now: dt.datetime) -> Action | None:
        """Move the oldest approved action (by `decided_at`, then id) to `executing`, claimed by
        `worker` at `now`, in one conditional write; None when no action is waiting (one retried
        later waits until its `next_attempt_at`). Concurrent
        claimers each get a different action (or None), never the same one. A scheduled action
        waits until its `run_at`; those due are claimed first, the earliest schedule first."""

    async def next_due(self, now: dt.datetime) -> dt.datetime | None:
        """The soonest `run_at` after `now` of an approved action (None: nothing scheduled)."""

    async def stuck_executing(self, claimed_before: dt.datetime) -> Sequence[Action]: ...
