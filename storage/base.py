"""The storage boundary: small repositories per aggregate behind one unit of work.

Handlers and workers talk only to these protocols, so a driver can be swapped without touching
them. Every state change that can race is a conditional write that returns the row it changed
(or None when another writer won), never a read followed by an unconditional write.
"""

from __future__ import annotations

import builtins
import datetime as dt
from collections.abc import Collection, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol, Unpack

from attrs import frozen

from service.actions.activity_day import ActivityDay
from service.actions.model import Action, AllowanceUse, AllowedWrite
from service.domain.dashboard import AuditEntry, Invite, Session
from service.domain.models import Account, ApiKey, Event, Fan, Link, Member, User, Workspace
from service.domain.stored_json import StoredJson
from service.mail.models import Mail, MailAttempt, MailPreference
from service.operations.model import Backlog, Heartbeat
from service.webhooks.models import Delivery, DeliveryAttempt, WebhookEndpoint
from storage.changes import AccountChanges, ActionChanges, LinkChanges, WebhookChanges

ACTIONS_CHANNEL = "countersign_actions"
"""Notified when an action is approved, so executors in other processes start at once."""


class StorageBusy(Exception):
    """No database connection came free in time: the caller should answer 503 and move on
    rather than queue behind a stalled pool."""


class StorageUnavailable(StorageBusy):
    """The database did not answer (refused, unreachable, timed out): as temporary as a busy
    pool for the caller, who should answer 503 and retry."""


class StorageError(Exception):
    """The database failed a statement (a missing table, a broken connection, a refused
    value): each driver maps its own errors to this one, so callers never inspect a driver's
    exception types."""


class DuplicateError(Exception):
    """A unique constraint refused the row (for example an idempotency key already used)."""


class Workspaces(Protocol):
    async def add(self, workspace: Workspace) -> None: ...
    async def get(self, workspace_id: str) -> Workspace | None: ...
    async def list(self) -> Sequence[Workspace]: ...
    async def set_policy(
        self, workspace_id: str, policy: Sequence[dict[str, Any]] | None
    ) -> None: ...


class Users(Protocol):
    async def add(self, user: User) -> None: ...
    async def get(self, user_id: str) -> User | None: ...
    async def get_by_email(self, email: str) -> User | None: ...


class Members(Protocol):
    async def add(self, member: Member) -> None: ...
    async def get(self, workspace_id: str, user_id: str) -> Member | None: ...
    async def list(self, workspace_id: str) -> Sequence[Member]: ...
    async def workspaces_of(self, user_id: str) -> Sequence[Member]: ...
    async def set_role(self, workspace_id: str, user_id: str, role: str) -> None: ...
    async def remove(self, workspace_id: str, user_id: str) -> None: ...
    async def count_owners(self, workspace_id: str) -> int: ...


class ApiKeys(Protocol):
    async def add(self, key: ApiKey) -> None: ...
    async def get(self, workspace_id: str, key_id: str) -> ApiKey | None: ...
    async def get_by_hash(self, secret_hash: str) -> ApiKey | None: ...
    async def list(self, workspace_id: str) -> Sequence[ApiKey]: ...
    async def revoke(self, workspace_id: str, key_id: str, at: dt.datetime) -> ApiKey | None: ...
    async def touch(self, key_id: str, at: dt.datetime) -> None: ...


@frozen
class ForCreate:
    account: Account
    default_rules: Sequence[dict[str, Any]] | None
    own_limits: Sequence[dict[str, Any]] | None
    default_limits: Sequence[dict[str, Any]] | None


class Accounts(Protocol):
    async def add(self, account: Account) -> None: ...
    async def get(self, workspace_id: str, account_id: str) -> Account | None: ...
    async def get_with_default_rules(
        self, workspace_id: str, account_id: str
    ) -> tuple[Account, Sequence[dict[str, Any]] | None] | None:
        """The account and its workspace's default approval rules in one read: every new
        action needs both (bench/hot_path: one query fewer per create)."""
        ...

    async def get_for_create(self, workspace_id: str, account_id: str) -> ForCreate | None:
        """What a new action of the account needs, in one read: the account, the workspace's
        default rules, and the account's own daily limits and the workspace default's."""
        ...

    async def limits(self, workspace_id: str, account_id: str) -> list[dict[str, Any]] | None:
        """The stored daily limits of an account (`account_id` '' : the workspace default);
        None when none were set."""
        ...

    async def set_limits(
        self, workspace_id: str, account_id: str, limits: Sequence[dict[str, Any]] | None
    ) -> None:
        """Replace them (None: remove, so the account follows the default)."""
        ...

    async def lock(self, workspace_id: str, account_id: str) -> Account | None:
        """The account, locked against another `lock` until this unit of work ends: creations
        that count the account's recent actions (allowances, daily limits) run one at a time
        per account across replicas (PostgreSQL `FOR UPDATE`; SQLite's writer already holds
        the whole database)."""
        ...

    async def list(
        self,
        workspace_id: str,
        *,
        mode: str | None = None,
        only: Sequence[str] | None = None,
        after: str | None = None,
        limit: int = 100,
    ) -> Sequence[Account]: ...
    async def update(
        self, workspace_id: str, account_id: str, **values: Unpack[AccountChanges]
    ) -> Account | None: ...
    async def set_writes_everywhere(
        self, workspace_id: str, enabled: bool
    ) -> Sequence[Account]: ...
    async def due_for_sync(
        self, now: dt.datetime, *, statuses: Sequence[str]
    ) -> Sequence[tuple[str, str]]: ...
    async def claim_sync(
        self,
        workspace_id: str,
        account_id: str,
        *,
        worker: str,
        now: dt.datetime,
        until: dt.datetime,
        statuses: Sequence[str],
    ) -> Account | None: ...
    async def move(
        self,
        workspace_id: str,
        account_id: str,
        *,
        from_status: str,
        from_session: bytes | None,
        **values: Unpack[AccountChanges],
    ) -> Account | None: ...
    async def list_all(self, *, statuses: Sequence[str] | None = None) -> Sequence[Account]:
        """Every workspace's accounts (for the syncer), optionally only some statuses."""


class Fans(Protocol):
    async def replace(self, workspace_id: str, account_id: str, fans: Sequence[Fan]) -> None: ...
    async def put_many(self, workspace_id: str, account_id: str, fans: Sequence[Fan]) -> None:
        """Insert or overwrite these fans, leaving the account's others as they are."""

    async def prune(self, workspace_id: str, account_id: str, keep: Collection[str]) -> int:
        """Delete the account's fans not in `keep`, in bounded batches; how many went."""

    async def get(self, workspace_id: str, account_id: str, fan_id: str) -> Fan | None: ...
    async def get_many(
        self, workspace_id: str, account_id: str, fan_ids: Sequence[str]
    ) -> Sequence[Fan]: ...
    async def list(
        self,
        workspace_id: str,
        account_id: str,
        *,
        search: str | None = None,
        after: str | None = None,
        limit: int = 25,
    ) -> Sequence[Fan]: ...
    async def count_audience(
        self,
        workspace_id: str,
        account_id: str,
        *,
        fan_ids: Sequence[str],
        list_ids: Sequence[str],
        exclude_list_ids: Sequence[str],
    ) -> int:
        """Active fans named in `fan_ids` or on a list in `list_ids` and on none in
        `exclude_list_ids`, plus the ids in `fan_ids` no synced fan has (they may be new)."""


class Synced(Protocol):
    """Synced platform data beyond accounts and fans (storage/sql/synced_repos.py says more)."""

    async def chats(
        self,
        workspace_id: str,
        account_id: str,
        *,
        after: tuple[dt.datetime, str] | None = None,
        limit: int = 25,
    ) -> Sequence[dict[str, Any]]: ...
    async def chat(
        self, workspace_id: str, account_id: str, fan_id: str
    ) -> dict[str, Any] | None: ...
    async def chat_heads(self, workspace_id: str, account_id: str) -> dict[str, str | None]: ...
    async def put_chats(
        self, workspace_id: str, account_id: str, chats: Sequence[dict[str, Any]]
    ) -> None: ...
    async def count_chats(self, workspace_id: str, account_id: str) -> int: ...
    async def trim_chats(self, workspace_id: str, account_id: str, keep: int) -> int: ...
    async def messages(
        self,
        workspace_id: str,
        account_id: str,
        fan_id: str,
        *,
        search: str | None = None,
        after: tuple[dt.datetime, str] | None = None,
        limit: int = 25,
    ) -> Sequence[dict[str, Any]]: ...
    async def rendered_messages(
        self,
        workspace_id: str,
        account_id: str,
        fan_id: str,
        *,
        search: str | None = None,
        after: tuple[dt.datetime, str] | None = None,
        limit: int = 25,
    ) -> Sequence[dict[str, Any] | StoredJson]: ...
    async def message(
        self, workspace_id: str, account_id: str, message_id: str
    ) -> dict[str, Any] | None: ...
    async def copies_of(
        self, workspace_id: str, account_id: str, mass_message_id: str, limit: int = 10
    ) -> tuple[int, Sequence[dict[str, Any]]]: ...
    async def newest_message_id(
        self, workspace_id: str, account_id: str, fan_id: str
    ) -> str | None: ...
    async def add_messages(
        self, workspace_id: str, account_id: str, messages: Sequence[dict[str, Any]]
    ) -> None: ...
    async def trim_messages(
        self, workspace_id: str, account_id: str, fan_id: str, keep: int
    ) -> None: ...
    async def remove_messages(
        self,
        workspace_id: str,
        account_id: str,
        *,
        message_id: str | None = None,
        mass_message_id: str | None = None,
    ) -> Sequence[str]: ...
    async def items(
        self,
        workspace_id: str,
        account_id: str,
        family: str,
        *,
        newest_first: bool = False,
        tag: str | None = None,
        between: tuple[str, str] | None = None,
        after: tuple[str, str] | None = None,
        limit: int = 25,
    ) -> Sequence[dict[str, Any]]: ...
    async def item(
        self, workspace_id: str, account_id: str, family: str, item_id: str
    ) -> dict[str, Any] | None: ...
    async def replace_items(
        self,
        workspace_id: str,
        account_id: str,
        family: str,
        items: Sequence[tuple[str, str, Sequence[str], dict[str, Any]]],
    ) -> None: ...
    async def states(
        self, workspace_id: str, account_id: str
    ) -> dict[str, tuple[dt.datetime, Any]]: ...
    async def set_state(
        self, workspace_id: str, account_id: str, family: str, at: dt.datetime, signature: Any
    ) -> None: ...
    async def clear_state(self, workspace_id: str, account_id: str, family: str) -> None: ...
    async def fan_spend(
        self, workspace_id: str, account_id: str, fan_id: str
    ) -> dict[str, Any]: ...


class Links(Protocol):
    async def add(self, link: Link) -> None: ...
    async def get(self, workspace_id: str, link_id: str) -> Link | None: ...
    async def get_by_token_hash(self, token_hash: str) -> Link | None: ...
    async def recent(self, workspace_id: str, mode: str, limit: int = 100) -> Sequence[Link]: ...
    async def transition(
        self, link_id: str, from_statuses: Sequence[str], **values: Unpack[LinkChanges]
    ) -> Link | None: ...
    async def count_attempt(
        self, link_id: str, from_statuses: Sequence[str], limit: int
    ) -> Link | None:
        """Raise the link's `attempts` by one if it is still in one of `from_statuses` and
        below `limit`, in one conditional write; None (nothing written) otherwise. Parallel
        callers each get a different count, and no more than `limit` of them succeed."""

    async def release_attempt(self, link_id: str) -> None:
        """Give back one counted attempt (the platform never judged it: it did not answer,
        or the step succeeded); never below zero."""


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
    ) -> Sequence[Action]:
        """Pending actions not yet expired, the soonest to expire first."""

    async def pending_counts(
        self, workspace_id: str, *, mode: str, now: dt.datetime
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

    async def mark_replaced(self, action_id: str, replaced_by: str) -> None:
        """Name the action that asked again for this one (once; not a status move)."""

    async def allowance_used(
        self, workspace_id: str, account_id: str, allowance: str, since: dt.datetime
    ) -> int:
        """How many of the account's actions the allowance `allowance` approved after `since`."""

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
        (service/actions/activity_day.py), with the median time to a decision; only days with
        actions, oldest first. Aggregated by the database on the account's list index."""

    async def add_allowed(
        self,
        action: Action,
        events: Sequence[Event],
        audit: AuditEntry | None,
        use: AllowanceUse,
    ) -> AllowedWrite:
        """An action an allowance approved, its events (in order), its audit entry and its use of
        the allowance, all or nothing: nothing when the allowance already approved `per_day`
        actions after `use.since` (USED_UP) or the action's key was taken (KEY_TAKEN). Count
        and writes are one statement on PostgreSQL; call it after locking the account, so the
        count sees every use committed before."""

    async def claim_next(self, worker: str, now: dt.datetime) -> Action | None:
        """Move the oldest approved action (by `decided_at`, then id) to `executing`, claimed by
        `worker` at `now`, in one conditional write; None when no action is waiting (one retried
        later waits until its `next_attempt_at`). Concurrent
        claimers each get a different action (or None), never the same one. A scheduled action
        waits until its `run_at`; those due are claimed first, the earliest schedule first."""

    async def next_due(self, now: dt.datetime) -> dt.datetime | None:
        """The soonest `run_at` after `now` of an approved action (None: nothing scheduled)."""

    async def stuck_executing(self, claimed_before: dt.datetime) -> Sequence[Action]: ...


class Events(Protocol):
    async def add(self, event: Event) -> int:
        """Returns the event's `seq`."""

    async def list(
        self, workspace_id: str | None = None, *, after_seq: int = 0, limit: int = 100
    ) -> Sequence[Event]: ...


class Sessions(Protocol):
    async def add(self, session: Session) -> None: ...
    async def get(self, session_id: str) -> Session | None: ...
    async def end(self, session_id: str, at: dt.datetime) -> None: ...
    async def switch(self, session_id: str, workspace_id: str) -> None: ...
    async def end_for_user(self, user_id: str, workspace_id: str, at: dt.datetime) -> None: ...


class Invites(Protocol):
    async def add(self, invite: Invite) -> None: ...
    async def get_by_token_hash(self, token_hash: str) -> Invite | None: ...
    async def pending(self, workspace_id: str, now: dt.datetime) -> Sequence[Invite]: ...
    async def accept(self, invite_id: str, at: dt.datetime) -> Invite | None: ...


class AuditLog(Protocol):
    async def add(self, entry: AuditEntry) -> None: ...
    async def list(
        self,
        workspace_id: str,
        *,
        limit: int = 200,
        action: str | None = None,
        since: dt.datetime | None = None,
        until: dt.datetime | None = None,
    ) -> Sequence[AuditEntry]: ...
    async def count(self, workspace_id: str) -> int: ...


class Transactions(Protocol):
    """Revenue: every observed version of a platform transaction, numbered in commit order."""

    async def latest_fingerprints(
        self, workspace_id: str, account_id: str, ids: Sequence[str]
    ) -> dict[str, str]: ...
    async def lock(self, workspace_id: str, now: dt.datetime) -> None: ...
    async def reserve(
        self, workspace_id: str, count: int, now: dt.datetime
    ) -> tuple[int, dt.datetime]: ...
    async def add_many(self, rows: Sequence[dict[str, Any]]) -> None: ...
    async def high_water(self, workspace_id: str) -> int: ...
    async def page(
        self,
        workspace_id: str,
        *,
        mode: str,
        account_id: str | None = None,
        only_accounts: Sequence[str] | None = None,
        after_seq: int = 0,
        since: dt.datetime | None = None,
        limit: int = 500,
    ) -> Sequence[dict[str, Any]]: ...


class WebhookEndpoints(Protocol):
    async def add(self, endpoint: WebhookEndpoint) -> None: ...
    async def get(self, workspace_id: str, endpoint_id: str) -> WebhookEndpoint | None: ...
    async def get_by_ids(self, ids: Sequence[str]) -> dict[str, WebhookEndpoint]: ...
    async def list(
        self, workspace_id: str, kind: str | None = None, mode: str | None = None
    ) -> Sequence[WebhookEndpoint]: ...
    async def update(
        self, endpoint_id: str, **values: Unpack[WebhookChanges]
    ) -> WebhookEndpoint | None: ...
    async def set_failing(self, endpoint_id: str, failing: bool) -> None: ...
    async def note_outcome(self, endpoint_id: str, ok: bool, at: dt.datetime) -> None:
        """A success clears `failing_since`; a failure sets it when unset."""

    async def auto_disable(
        self,
        endpoint_id: str,
        now: dt.datetime,
        reason: str,
        *,
        failing_before: dt.datetime | None = None,
    ) -> WebhookEndpoint | None:
        """Conditional: disables an active endpoint (failing since `failing_before`, if given)."""

    async def enable(self, endpoint_id: str) -> WebhookEndpoint | None: ...
    async def every(self) -> Sequence[WebhookEndpoint]: ...
    async def set_secrets(
        self, endpoint_id: str, secrets: builtins.list[dict[str, Any]]
    ) -> None: ...


class Deliveries(Protocol):
    """Deliveries are claimed and finished with conditional writes (a lease per worker)."""

    async def undispatched_events(self, limit: int) -> Sequence[Event]: ...
    async def mark_dispatched(self, seqs: Sequence[int], now: dt.datetime) -> set[int]: ...
    async def add(self, delivery: Delivery) -> None: ...
    async def get(self, delivery_id: str) -> Delivery | None: ...
    async def events_of(self, event_ids: Sequence[str]) -> dict[str, Event]:
        """The events these deliveries send, by id (a delivery's body is built from its event)."""

    async def list(
        self, endpoint_id: str, limit: int = 50, before: tuple[dt.datetime, int] | None = None
    ) -> Sequence[Delivery]: ...
    async def due(
        self, now: dt.datetime, limit: int, *, exclude_endpoints: Sequence[str] = ()
    ) -> Sequence[tuple[str, str]]: ...
    async def claim(
        self, delivery_id: str, worker: str, now: dt.datetime, until: dt.datetime
    ) -> Delivery | None: ...
    async def claim_many(
        self, delivery_ids: Sequence[str], worker: str, now: dt.datetime, until: dt.datetime
    ) -> Sequence[Delivery]: ...
    async def finish(
        self,
        delivery_id: str,
        worker: str,
        *,
        status: str,
        attempts: int,
        next_attempt_at: dt.datetime | None,
    ) -> Delivery | None: ...
    async def succeed_many(
        self, delivery_ids: Sequence[str], worker: str
    ) -> Sequence[Delivery]: ...
    async def reset(self, delivery_id: str, now: dt.datetime) -> Delivery | None: ...
    async def fail_pending(self, endpoint_id: str) -> int: ...
    async def resend_failed(
        self, endpoint_id: str, since: dt.datetime, now: dt.datetime
    ) -> int: ...
    async def add_attempt(self, attempt: DeliveryAttempt) -> None: ...
    async def add_attempts(self, attempts: Sequence[DeliveryAttempt]) -> None:
        """Several attempt rows in one statement executed for each (a round's records)."""

    async def attempts(self, delivery_id: str) -> Sequence[DeliveryAttempt]: ...
    async def last_attempts(self, delivery_ids: Sequence[str]) -> dict[str, DeliveryAttempt]: ...


class Retention(Protocol):
    """Deletes finished records, at most `limit` rows of one kind per call: the caller runs
    each call in its own short unit and loops until a call comes back short."""

    async def prune_deliveries(self, before: dt.datetime, limit: int) -> tuple[int, int]:
        """Finished deliveries created before `before` and their attempts: (deliveries,
        attempts) removed."""

    async def prune_events(self, before: dt.datetime, limit: int) -> int:
        """Dispatched events created before `before` that no delivery refers to any more."""

    async def prune_sessions(self, now: dt.datetime, limit: int) -> int: ...
    async def prune_invites(self, now: dt.datetime, limit: int) -> int: ...
    async def prune_links(self, before: dt.datetime, limit: int) -> int:
        """Links that expired before `before` (every link is finished once expired)."""

    async def prune_allowance_uses(self, before: dt.datetime, limit: int) -> int:
        """Allowance uses recorded before `before` (an allowance counts only the last day)."""

    async def prune_heartbeats(self, before: dt.datetime) -> int: ...
    async def reclaim(self, pages: int) -> int:
        """Give free pages back to the file system where the database needs telling (SQLite's
        incremental vacuum); the number of pages freed."""


class Heartbeats(Protocol):
    async def beat(self, beat: Heartbeat) -> None: ...
    async def remove(self, worker_id: str) -> None: ...
    async def list(self) -> Sequence[Heartbeat]: ...


class Backlogs(Protocol):
    async def snapshot(self) -> Backlog: ...


class MailPreferences(Protocol):
    async def get(self, workspace_id: str, user_id: str) -> MailPreference | None: ...
    async def of_workspace(self, workspace_id: str) -> dict[str, MailPreference]: ...
    async def save(self, preference: MailPreference) -> None: ...


class Mails(Protocol):
    """The mail outbox: claimed and finished by conditional writes (a lease per mailer)."""

    async def add(self, mail: Mail) -> None: ...
    async def due(self, now: dt.datetime, limit: int) -> Sequence[str]: ...
    async def claim_many(
        self, mail_ids: Sequence[str], worker: str, now: dt.datetime, until: dt.datetime
    ) -> Sequence[Mail]: ...
    async def finish(
        self,
        mail_id: str,
        worker: str,
        *,
        status: str,
        attempts: int,
        next_attempt_at: dt.datetime,
        sent_at: dt.datetime | None = None,
        error: str | None = None,
    ) -> Mail | None:
        """Record the outcome, only while `worker` still holds the lease."""

    async def add_attempt(self, attempt: MailAttempt) -> None: ...
    async def held_due(self, now: dt.datetime, limit: int = 100) -> Sequence[tuple[str, str]]:
        """(workspace, user) pairs with an approval held for a digest that is due."""

    async def fold_held(self, workspace_id: str, user_id: str) -> Sequence[Mail]:
        """Mark every held approval of the member `folded` (one conditional write) and return
        them; a second mailer doing the same at once gets none."""

    async def list(self, workspace_id: str | None = None, limit: int = 200) -> Sequence[Mail]: ...
    async def attempts(self, mail_id: str) -> Sequence[MailAttempt]: ...


class UnitOfWork(Protocol):
    """One unit's repositories (read-only: a driver may make each on first use)."""

    @property
    def workspaces(self) -> Workspaces: ...
    @property
    def users(self) -> Users: ...
    @property
    def members(self) -> Members: ...
    @property
    def keys(self) -> ApiKeys: ...
    @property
    def accounts(self) -> Accounts: ...
    @property
    def fans(self) -> Fans: ...
    @property
    def synced(self) -> Synced: ...
    @property
    def links(self) -> Links: ...
    @property
    def actions(self) -> Actions: ...
    @property
    def events(self) -> Events: ...
    @property
    def sessions(self) -> Sessions: ...
    @property
    def invites(self) -> Invites: ...
    @property
    def audit(self) -> AuditLog: ...
    @property
    def transactions(self) -> Transactions: ...
    @property
    def webhooks(self) -> WebhookEndpoints: ...
    @property
    def deliveries(self) -> Deliveries: ...
    @property
    def retention(self) -> Retention: ...
    @property
    def heartbeats(self) -> Heartbeats: ...
    @property
    def backlog(self) -> Backlogs: ...
    @property
    def mail_preferences(self) -> MailPreferences: ...
    @property
    def mails(self) -> Mails: ...

    async def notify(self, channel: str) -> None: ...


class Store(Protocol):
    """Opens units of work. `transaction()` commits on a clean exit and rolls back otherwise."""

    def transaction(self) -> AbstractAsyncContextManager[UnitOfWork]: ...
    def reading(self) -> AbstractAsyncContextManager[UnitOfWork]: ...
    def single_statement(self) -> AbstractAsyncContextManager[UnitOfWork]:
        """A unit whose one write is a single atomic statement (a repository method that says
        so, such as `Actions.add_with_event`), reads aside. On PostgreSQL it sends no BEGIN or
        COMMIT: each statement commits as it runs, which saves two round trips, and nothing is
        rolled back if the block then raises. On SQLite it is `transaction()`: the writer lock
        still applies, and a BEGIN there costs no round trip."""

    def listen(self, channel: str, callback: Any) -> AbstractAsyncContextManager[None]:
        """Call `callback` when another process notifies `channel` (UnitOfWork.notify)."""

    def watch_actions(self, callback: Any) -> AbstractAsyncContextManager[None]:
        """While the block runs, call `callback(ids)` once actions' status changes are
        committed, by any process; `ids` is None when the driver cannot say which."""

    async def close(self) -> None: ...
