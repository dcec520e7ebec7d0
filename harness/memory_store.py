"""An in-memory Store (service/ports.py) for fast tests of the action lifecycle and the executor.

It holds the aggregates those rules touch (workspaces, accounts, actions, events, the audit log)
and nothing else: any other repository raises `NotHeld`, so a test that strays beyond them fails
loudly instead of passing against a fake that does not know what a real driver does.

It keeps the guarantees the contract suite checks on the two SQL drivers, and that suite runs
against it too (tests/storage/test_memory_store_contract.py), so it cannot drift from them:

- a unit of work commits on a clean exit and rolls back on an exception; transactions run one
  at a time (SQLite's single writer) on a copy of the committed state, and reads see only what
  was committed;
- status moves are conditional writes (from statuses, expiry, revision), claims take the oldest
  approved action that is due, and an idempotency key is used once per workspace;
- values come back as a database gives them: timestamps aware UTC (naive ones refused), JSON
  columns as fresh copies.

Test support code, so it lives in harness/ (import-linter keeps it out of service/ and storage/).
"""

from __future__ import annotations

import asyncio
import builtins
import datetime as dt
import json
import statistics
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from typing import Any, TypeVar, Unpack

import attrs

from service.accounts.model import Account
from service.accounts.repository import AccountChanges, ForCreate
from service.actions.activity_day import COUNTS, DECIDED, RAN_OR_WILL, ActivityDay
from service.actions.model import Action, AllowanceUse, AllowedWrite
from service.actions.repository import ACTIONS_CHANNEL, ActionChanges
from service.actions.transitions import APPROVED, EXPIRED, PENDING, Trigger, move
from service.domain.audit_entry import AuditEntry
from service.domain.events import Event
from service.domain.storage_errors import DuplicateError
from service.workspaces.model import Workspace

T = TypeVar("T")

_CLAIM = move(Trigger.CLAIM, APPROVED)
_EXPIRE = move(Trigger.EXPIRE, PENDING)


class NotHeld(AttributeError):
    """The memory store holds only the aggregates of the action lifecycle and the executor."""


def _value(name: str, value: Any) -> Any:
    """What a database column gives back: aware UTC timestamps, fresh JSON."""
    if isinstance(value, dt.datetime):
        if value.tzinfo is None:
            raise ValueError(f"naive datetime in {name!r}: timestamps must be timezone-aware")
        return value.astimezone(dt.UTC)
    if isinstance(value, dict | list):
        return json.loads(json.dumps(value))
    return value


def _stored(record: T) -> T:
    fields = attrs.fields(type(record))
    return attrs.evolve(
        record,  # type: ignore[misc]
        **{f.name: _value(f.name, getattr(record, f.name)) for f in fields if f.init},
    )


def _changed(record: T, values: Mapping[str, Any]) -> T:
    names = {f.name for f in attrs.fields(type(record))}
    unknown = set(values) - names
    if unknown:
        raise ValueError(f"no such column: {', '.join(sorted(unknown))}")
    return attrs.evolve(record, **{k: _value(k, v) for k, v in values.items()})  # type: ignore[misc]


@attrs.define
class _State:
    workspaces: dict[str, Workspace] = attrs.field(factory=dict)
    accounts: dict[tuple[str, str], Account] = attrs.field(factory=dict)
    actions: dict[str, Action] = attrs.field(factory=dict)
    events: list[Event] = attrs.field(factory=list)
    audit: list[AuditEntry] = attrs.field(factory=list)
    seq: int = 0
    allowance_uses: dict[str, tuple[tuple[str, str, str], dt.datetime]] = attrs.field(factory=dict)
    limits: dict[tuple[str, str], list[dict[str, Any]]] = attrs.field(factory=dict)

    def copy(self) -> _State:
        return _State(
            dict(self.workspaces),
            dict(self.accounts),
            dict(self.actions),
            list(self.events),
            list(self.audit),
            self.seq,
            dict(self.allowance_uses),
            dict(self.limits),
        )


class MemoryWorkspaces:
    def __init__(self, state: _State) -> None:
        self.state = state

    async def add(self, workspace: Workspace) -> None:
        self.state.workspaces[workspace.id] = _stored(workspace)

    async def get(self, workspace_id: str) -> Workspace | None:
        return self.state.workspaces.get(workspace_id)

    async def list(self) -> builtins.list[Workspace]:
        return sorted(self.state.workspaces.values(), key=lambda w: (w.created_at, w.id))

    async def set_policy(self, workspace_id: str, policy: Sequence[dict[str, Any]] | None) -> None:
        found = self.state.workspaces.get(workspace_id)
        if found is not None:
            rules = None if policy is None else builtins.list(policy)
            self.state.workspaces[workspace_id] = _changed(found, {"policy": rules})


class MemoryAccounts:
    def __init__(self, state: _State) -> None:
        self.state = state

    async def add(self, account: Account) -> None:
        key = (account.workspace_id, account.id)
        if key in self.state.accounts:
            raise DuplicateError(f"account {account.id} exists")
        self.state.accounts[key] = _stored(account)

    async def get(self, workspace_id: str, account_id: str) -> Account | None:
        return self.state.accounts.get((workspace_id, account_id))

    async def get_for_create(self, workspace_id: str, account_id: str) -> ForCreate | None:
        found = await self.get_with_default_rules(workspace_id, account_id)
        if found is None:
            return None
        limits = self.state.limits
        return ForCreate(
            found[0],
            found[1],
            limits.get((workspace_id, account_id)),
            limits.get((workspace_id, "")),
        )

    async def limits(
        self, workspace_id: str, account_id: str
    ) -> builtins.list[dict[str, Any]] | None:
        found = self.state.limits.get((workspace_id, account_id))
        return None if found is None else builtins.list(found)

    async def set_limits(
        self, workspace_id: str, account_id: str, limits: Sequence[dict[str, Any]] | None
    ) -> None:
        if limits is None:
            self.state.limits.pop((workspace_id, account_id), None)
        else:
            self.state.limits[(workspace_id, account_id)] = builtins.list(limits)

    async def lock(self, workspace_id: str, account_id: str) -> Account | None:
        return self.state.accounts.get((workspace_id, account_id))  # one unit at a time here

    async def get_with_default_rules(
        self, workspace_id: str, account_id: str
    ) -> tuple[Account, Sequence[dict[str, Any]] | None] | None:
        account = self.state.accounts.get((workspace_id, account_id))
        workspace = self.state.workspaces.get(workspace_id)
        if account is None or workspace is None:
            return None
        return account, workspace.policy

    async def list(
        self,
        workspace_id: str,
        *,
        mode: str | None = None,
        only: Sequence[str] | None = None,
        after: str | None = None,
        limit: int = 100,
    ) -> builtins.list[Account]:
        found = [
            a
            for (ws, _), a in self.state.accounts.items()
            if ws == workspace_id
            and (mode is None or a.mode == mode)
            and (only is None or a.id in only)
            and (after is None or a.id > after)
        ]
        return sorted(found, key=lambda a: a.id)[:limit]

    async def list_all(self, *, statuses: Sequence[str] | None = None) -> builtins.list[Account]:
        return [a for a in self.state.accounts.values() if statuses is None or a.status in statuses]

    async def update(
        self, workspace_id: str, account_id: str, **values: Unpack[AccountChanges]
    ) -> Account | None:
        found = self.state.accounts.get((workspace_id, account_id))
        if found is None:
            return None
        changed = self.state.accounts[(workspace_id, account_id)] = _changed(found, values)
        return changed

    async def move(
        self,
        workspace_id: str,
        account_id: str,
        *,
        from_status: str,
        from_session: bytes | None,
        **values: Unpack[AccountChanges],
    ) -> Account | None:
        found = self.state.accounts.get((workspace_id, account_id))
        if found is None or found.status != from_status or found.session_secret != from_session:
            return None
        return await self.update(workspace_id, account_id, **values)

    async def set_writes_everywhere(
        self, workspace_id: str, enabled: bool
    ) -> builtins.list[Account]:
        changed = []
        for (ws, account_id), account in sorted(self.state.accounts.items()):
            if ws == workspace_id and account.writes_enabled != enabled:
                changed.append(await self.update(ws, account_id, writes_enabled=enabled))
        return [a for a in changed if a is not None]


class MemoryActions:
    def __init__(self, state: _State, notified: list[str] | None = None) -> None:
        self.state = state
        self.notified = notified if notified is not None else []
        """The unit's NOTIFYs, for a write that sends its own (`add_allowed`)."""

    def _key_used(self, action: Action) -> bool:
        return any(
            a.workspace_id == action.workspace_id and a.idempotency_key == action.idempotency_key
            for a in self.state.actions.values()
        )

    async def add(self, action: Action) -> None:
        if self._key_used(action) or action.id in self.state.actions:
            raise DuplicateError(f"idempotency key {action.idempotency_key} already used")
        self.state.actions[action.id] = _stored(action)

    async def add_unless_key_used(self, action: Action) -> bool:
        if self._key_used(action):
            return False
        await self.add(action)
        return True

    async def add_with_event(self, action: Action, event: Event) -> bool:
        if not await self.add_unless_key_used(action):
            return False
        await MemoryEvents(self.state).add(event)
        return True

    async def get(self, workspace_id: str, action_id: str) -> Action | None:
        found = self.state.actions.get(action_id)
        return found if found is not None and found.workspace_id == workspace_id else None

    async def get_by_idempotency_key(self, workspace_id: str, key: str) -> Action | None:
        for action in self.state.actions.values():
            if action.workspace_id == workspace_id and action.idempotency_key == key:
                return action
        return None

    def _pending(self, workspace_id: str, mode: str, now: dt.datetime) -> builtins.list[Action]:
        return [
            a
            for a in self.state.actions.values()
            if a.workspace_id == workspace_id
            and a.mode == mode
            and a.status == PENDING
            and a.expires_at > now
        ]

    async def pending_by_expiry(
        self,
        workspace_id: str,
        *,
        mode: str,
        now: dt.datetime,
        account_id: str | None = None,
        type_: str | None = None,
        limit: int = 100,
    ) -> builtins.list[Action]:
        found = [
            a
            for a in self._pending(workspace_id, mode, now)
            if (account_id is None or a.account_id == account_id)
            and (type_ is None or a.type == type_)
        ]
        return sorted(found, key=lambda a: (a.expires_at, a.id))[:limit]

    async def pending_counts(
        self, workspace_id: str, *, mode: str, now: dt.datetime
    ) -> dict[str, int]:
        counts: dict[str, int] = {}
        for action in self._pending(workspace_id, mode, now):
            counts[action.account_id] = counts.get(action.account_id, 0) + 1
        return counts

    async def statuses(
        self, action_ids: Sequence[str], *, other_than: str | None = None
    ) -> dict[str, str]:
        return {
            i: a.status
            for i in action_ids
            if (a := self.state.actions.get(i)) is not None and a.status != other_than
        }

    async def get_many(self, action_ids: Sequence[str]) -> builtins.list[Action]:
        return [self.state.actions[i] for i in dict.fromkeys(action_ids) if i in self.state.actions]

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
    ) -> builtins.list[Action]:
        def shown(a: Action) -> bool:
            if status is None:
                return True
            if now is not None and status == PENDING:
                return a.status == PENDING and a.expires_at > now
            if now is not None and status == EXPIRED:
                return a.status == EXPIRED or (a.status == PENDING and a.expires_at <= now)
            return a.status == status

        found = [
            a
            for a in self.state.actions.values()
            if a.workspace_id == workspace_id
            and a.mode == mode
            and shown(a)
            and (account_id is None or a.account_id == account_id)
            and (type_ is None or a.type == type_)
            and (only_accounts is None or a.account_id in only_accounts)
            and (before is None or (a.created_at, a.id) < before)
        ]
        return sorted(found, key=lambda a: (a.created_at, a.id), reverse=True)[:limit]

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
        found = self.state.actions.get(action_id)
        if (
            found is None
            or found.status not in from_statuses
            or (not_expired_at is not None and not found.expires_at > not_expired_at)
            or (if_revision is not None and found.revision != if_revision)
        ):
            return None
        moved = self.state.actions[action_id] = _changed(found, {**values, "status": to_status})
        return moved

    async def allowance_used(
        self, workspace_id: str, account_id: str, allowance: str, since: dt.datetime
    ) -> int:
        return sum(
            1
            for key, at in self.state.allowance_uses.values()
            if key == (workspace_id, account_id, allowance) and at > since
        )

    async def limit_window(
        self,
        workspace_id: str,
        mode: str,
        account_id: str,
        types: Sequence[str],
        since: dt.datetime,
        now: dt.datetime,
    ) -> tuple[int, dt.datetime | None]:
        counted = [
            a.created_at
            for a in self.state.actions.values()
            if (a.workspace_id, a.mode, a.account_id) == (workspace_id, mode, account_id)
            and a.type in types
            and a.created_at > since
            and a.status not in ("rejected", "expired", "cancelled")
            and not (a.status == "pending" and a.expires_at <= now)
        ]
        return len(counted), min(counted, default=None)

    async def activity(
        self,
        workspace_id: str,
        mode: str,
        account_id: str,
        start: dt.datetime,
        end: dt.datetime,
        now: dt.datetime,
    ) -> builtins.list[ActivityDay]:
        """The reference for storage/sql/activity.py's counts, row by row."""
        days: dict[dt.date, dict[str, Any]] = {}
        waits: dict[dt.date, builtins.list[float]] = {}
        for a in self.state.actions.values():
            if (a.workspace_id, a.mode, a.account_id) != (workspace_id, mode, account_id):
                continue
            if not start <= a.created_at < end:
                continue
            day = a.created_at.astimezone(dt.UTC).date()
            counts = days.setdefault(day, dict.fromkeys(COUNTS, 0))
            open_ = a.status == PENDING and a.expires_at > now
            ran = a.status in RAN_OR_WILL
            for name, hit in (
                ("created", True),
                ("approved_by_person", ran and a.approvals_required > 0),
                ("approved_by_allowance", ran and a.approvals_required == 0),
                ("rejected", a.status == "rejected"),
                ("expired", a.status == EXPIRED or (a.status == PENDING and not open_)),
                ("cancelled", a.status == "cancelled"),
                ("failed", a.status == "failed"),
                ("pending", open_),
            ):
                counts[name] += int(hit)
            if a.status in DECIDED and a.decided_at is not None:
                waits.setdefault(day, []).append((a.decided_at - a.created_at).total_seconds())
        return [
            ActivityDay(
                day=day,
                **days[day],
                median_decision_seconds=(
                    round(statistics.median(waits[day]), 3) if day in waits else None
                ),
            )
            for day in sorted(days)
        ]

    async def add_allowed(
        self,
        action: Action,
        events: Sequence[Event],
        audit: AuditEntry | None,
        use: AllowanceUse,
        wake: str | None = None,
    ) -> AllowedWrite:
        used = await self.allowance_used(action.workspace_id, action.account_id, use.key, use.since)
        if used >= use.per_day:
            return AllowedWrite.USED_UP
        if not await self.add_unless_key_used(action):
            return AllowedWrite.KEY_TAKEN
        for event in events:
            await MemoryEvents(self.state).add(event)
        if audit is not None:
            await MemoryAuditLog(self.state).add(audit)
        key = (action.workspace_id, action.account_id, use.key)
        self.state.allowance_uses[action.id] = (key, action.created_at)
        if wake is not None:
            self.notified.append(wake)
        return AllowedWrite.WRITTEN

    async def mark_replaced(self, action_id: str, replaced_by: str) -> None:
        found = self.state.actions.get(action_id)
        if found is not None and found.replaced_by is None:
            self.state.actions[action_id] = _changed(found, {"replaced_by": replaced_by})

    async def expire_due(self, now: dt.datetime) -> builtins.list[Action]:
        due = [
            a
            for a in self.state.actions.values()
            if a.status == _EXPIRE.source and a.expires_at <= now
        ]
        moved = []
        for action in sorted(due, key=lambda a: a.id):
            moved.append(_changed(action, {"status": _EXPIRE.dest}))
            self.state.actions[action.id] = moved[-1]
        return moved

    async def next_due(self, now: dt.datetime) -> dt.datetime | None:
        ahead = [
            a.run_at
            for a in self.state.actions.values()
            if a.status == _CLAIM.source and a.run_at is not None and a.run_at > now
        ]
        return min(ahead, default=None)

    async def claim_next(self, worker: str, now: dt.datetime) -> Action | None:
        waiting = [
            a
            for a in self.state.actions.values()
            if a.status == _CLAIM.source
            and (a.next_attempt_at is None or a.next_attempt_at <= now)
            and (a.run_at is None or a.run_at <= now)
        ]
        if not waiting:
            return None
        oldest = min(
            waiting,
            key=lambda a: (a.run_at is None, a.run_at, a.decided_at is None, a.decided_at, a.id),
        )
        claimed = _changed(oldest, {"status": _CLAIM.dest, "claimed_by": worker, "claimed_at": now})
        self.state.actions[oldest.id] = claimed
        return claimed

    async def stuck_executing(self, claimed_before: dt.datetime) -> builtins.list[Action]:
        return [
            a
            for a in self.state.actions.values()
            if a.status == _CLAIM.dest
            and a.claimed_at is not None
            and a.claimed_at < claimed_before
        ]


class MemoryEvents:
    def __init__(self, state: _State) -> None:
        self.state = state

    async def add(self, event: Event) -> int:
        self.state.seq += 1
        self.state.events.append(_changed(_stored(event), {"seq": self.state.seq}))
        return self.state.seq

    async def list(
        self, workspace_id: str | None = None, *, after_seq: int = 0, limit: int = 100
    ) -> builtins.list[Event]:
        found = [
            e
            for e in self.state.events
            if (e.seq or 0) > after_seq and (workspace_id is None or e.workspace_id == workspace_id)
        ]
        return found[:limit]


class MemoryAuditLog:
    def __init__(self, state: _State) -> None:
        self.state = state

    async def add(self, entry: AuditEntry) -> None:
        self.state.audit.append(_stored(entry))

    async def list(
        self,
        workspace_id: str,
        *,
        limit: int = 200,
        action: str | None = None,
        since: dt.datetime | None = None,
        until: dt.datetime | None = None,
    ) -> builtins.list[AuditEntry]:
        found = [
            e
            for e in self.state.audit
            if e.workspace_id == workspace_id
            and (action is None or e.action == action)
            and (since is None or e.created_at >= since)
            and (until is None or e.created_at < until)
        ]
        return sorted(found, key=lambda e: (e.created_at, e.id), reverse=True)[:limit]

    async def count(self, workspace_id: str) -> int:
        return sum(1 for e in self.state.audit if e.workspace_id == workspace_id)


class MemoryUnit:
    """One unit of work over a state (the committed one when reading, a copy in a transaction)."""

    def __init__(self, state: _State, writable: bool) -> None:
        self.state = state
        self.writable = writable
        self.notified: list[str] = []
        self.workspaces = MemoryWorkspaces(state)
        self.accounts = MemoryAccounts(state)
        self.actions = MemoryActions(state, self.notified)
        self.events = MemoryEvents(state)
        self.audit = MemoryAuditLog(state)

    def __getattr__(self, name: str) -> Any:
        raise NotHeld(f"the memory store does not hold {name!r} (harness/memory_store.py)")

    async def notify(self, channel: str) -> None:
        self.notified.append(channel)


class MemoryStore:
    """A Store whose committed state is a few dicts. `notified` lists every channel notified by
    a committed transaction, in order (the NOTIFYs a database would have sent)."""

    dialect = "memory"

    def __init__(self) -> None:
        self.committed = _State()
        self.notified: list[str] = []
        self._writer = asyncio.Lock()
        self._listeners: dict[str, list[Callable[[], Any]]] = {}
        self._watchers: list[Callable[[Sequence[str] | None], Any]] = []

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[MemoryUnit]:
        async with self._writer:
            before = self.committed
            unit = MemoryUnit(before.copy(), writable=True)
            yield unit  # an exception here leaves `committed` as it was: the rollback
            self.committed = unit.state
        moved = [i for i, a in unit.state.actions.items() if before.actions.get(i) is not a]
        for channel in unit.notified:
            self.notified.append(channel)
            for callback in self._listeners.get(channel, []):
                callback()
        if moved:
            for watcher in self._watchers:
                watcher(sorted(moved))

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[MemoryUnit]:
        yield MemoryUnit(self.committed, writable=False)

    def single_statement(self) -> Any:
        return self.transaction()

    @asynccontextmanager
    async def listen(self, channel: str, callback: Any) -> AsyncIterator[None]:
        self._listeners.setdefault(channel, []).append(callback)
        try:
            yield
        finally:
            self._listeners[channel].remove(callback)

    @asynccontextmanager
    async def watch_actions(self, callback: Any) -> AsyncIterator[None]:
        self._watchers.append(callback)
        try:
            yield
        finally:
            self._watchers.remove(callback)

    async def close(self) -> None:
        pass

    @property
    def woken_executor(self) -> int:
        """How many committed transactions woke the executors (NOTIFY on the actions channel)."""
        return self.notified.count(ACTIONS_CHANNEL)
