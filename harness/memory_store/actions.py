"""Actions: conditional status moves, claims, idempotency keys, allowances and limits."""

from __future__ import annotations

import builtins
import datetime as dt
import statistics
from collections.abc import Sequence
from typing import Any, Unpack

from harness.memory_store.outbox import MemoryAuditLog, MemoryEvents
from harness.memory_store.state import State, changed, not_held, stored
from service.actions.model import Action, AllowanceUse, AllowedWrite, GovernedWrite, LimitCap
from service.actions.policies.activity_day import COUNTS, DECIDED, RAN_OR_WILL, ActivityDay
from service.actions.repository import ActionChanges
from service.actions.transitions import APPROVED, EXPIRED, PENDING, Trigger, move
from service.domain.audit_entry import AuditEntry
from service.domain.events import Event
from service.domain.storage_errors import DuplicateError

_CLAIM = move(Trigger.CLAIM, APPROVED)
_EXPIRE = move(Trigger.EXPIRE, PENDING)


class MemoryActions:
    def __init__(self, state: State, notified: list[str] | None = None) -> None:
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
        self.state.actions[action.id] = stored(action)

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
        only_accounts: Sequence[str] | None = None,
    ) -> builtins.list[Action]:
        found = [
            a
            for a in self._pending(workspace_id, mode, now)
            if (account_id is None or a.account_id == account_id)
            and (type_ is None or a.type == type_)
            and (only_accounts is None or a.account_id in only_accounts)
        ]
        return sorted(found, key=lambda a: (a.expires_at, a.id))[:limit]

    async def pending_counts(
        self,
        workspace_id: str,
        *,
        mode: str,
        now: dt.datetime,
        only_accounts: Sequence[str] | None = None,
    ) -> dict[str, int]:
        counts: dict[str, int] = {}
        for action in self._pending(workspace_id, mode, now):
            if only_accounts is not None and action.account_id not in only_accounts:
                continue
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
        moved = self.state.actions[action_id] = changed(found, {**values, "status": to_status})
        return moved

    async def allowance_used(
        self,
        workspace_id: str,
        account_id: str,
        allowance: str,
        since: dt.datetime,
        per_day: int,
    ) -> int:
        """Every use after `since`, counted (`per_day` bounds only what the SQL store reads)."""
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
        """The reference for storage/sql/repos/actions/activity.py's counts, row by row."""
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
        used = await self.allowance_used(
            action.workspace_id, action.account_id, use.key, use.since, use.per_day
        )
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

    async def add_governed(
        self,
        action: Action,
        events: Sequence[Event],
        audit: AuditEntry | None,
        use: AllowanceUse | None,
        caps: Sequence[LimitCap],
        wake: str | None = None,
    ) -> GovernedWrite:
        read = tuple(
            [
                await self.limit_window(
                    action.workspace_id,
                    action.mode,
                    action.account_id,
                    cap.types,
                    cap.since,
                    cap.now,
                )
                for cap in caps
            ]
        )
        if any(used >= cap.per_day for cap, (used, _) in zip(caps, read, strict=True)):
            return GovernedWrite(AllowedWrite.LIMIT_REACHED, read)
        if use is not None:
            return GovernedWrite(await self.add_allowed(action, events, audit, use, wake), read)
        if not await self.add_unless_key_used(action):
            return GovernedWrite(AllowedWrite.KEY_TAKEN, read)
        for event in events:
            await MemoryEvents(self.state).add(event)
        return GovernedWrite(AllowedWrite.WRITTEN, read)

    async def mark_replaced(self, action_id: str, replaced_by: str) -> None:
        found = self.state.actions.get(action_id)
        if found is not None and found.replaced_by is None:
            self.state.actions[action_id] = changed(found, {"replaced_by": replaced_by})

    async def expire_due(self, now: dt.datetime) -> builtins.list[Action]:
        due = [
            a
            for a in self.state.actions.values()
            if a.status == _EXPIRE.source and a.expires_at <= now
        ]
        moved = []
        for action in sorted(due, key=lambda a: a.id):
            moved.append(changed(action, {"status": _EXPIRE.dest}))
            self.state.actions[action.id] = moved[-1]
        return moved

    # Escalation, routing and the per-member activity figures are left to the SQL drivers.
    async def escalation_due(self, now: dt.datetime) -> bool:
        not_held("escalation")

    async def escalate_due(self, now: dt.datetime) -> builtins.list[Action]:
        not_held("escalation")

    async def set_routed_to(self, action_id: str, routed_to: dict[str, Any]) -> None:
        not_held("routing")

    async def decided_between(
        self,
        workspace_id: str,
        mode: str,
        start: dt.datetime,
        end: dt.datetime,
        only_accounts: Sequence[str] | None = None,
        limit: int = 20_000,
    ) -> builtins.list[Action]:
        not_held("the activity per member")

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
        claimed = changed(oldest, {"status": _CLAIM.dest, "claimed_by": worker, "claimed_at": now})
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
