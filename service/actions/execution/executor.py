"""Runs approved actions: approved → executing → executed | failed, at most once per action.

A thin loop: the claim, the rules of running one action and the finish are the actions
feature's (service/actions/lifecycle.py and running.py). What lives here is the loop, its
wake-ups and the guard that ends every claimed action with an outcome.

Claiming is a conditional write (`approved → executing` with our worker id, one
`UPDATE … RETURNING` on the oldest approved row), so any number of processes on one database
can run executors and each action is sent by exactly one of them. An action found `executing`
past its lease belonged to a process that died mid-call: the platform may or may not have
received it, so it is never re-sent; it fails with an honest error.

A scheduled action (`run_at`) is skipped by the claim until it is due; between rounds the loop
sleeps no later than the soonest schedule ahead (one indexed read), so it runs on time.

A wake-up (this process's approval, or another's NOTIFY) goes straight to the claim: the claim
and the account read share one transaction, then the platform call, then the finish
transaction. The lease sweep runs after the waiting actions, at most every `SWEEP_EVERY`.

Every claimed action ends `executed` or `failed` with the real reason: anything unexpected
(a database error, an undecryptable session) fails that action with `internal_error` and a safe
sentence, and the batch goes on.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from service.accounts.model import Account
from service.actions import lifecycle
from service.actions.execution.patience import Patience
from service.actions.execution.retries import RetryPolicy
from service.actions.execution.running import Claimed, Progress, execute, internal_failure
from service.actions.model import Action
from service.actions.outcomes import Executed, Failed, Outcome
from service.actions.policies import pausing
from service.actions.repository import ACTIONS_CHANNEL
from service.actions.transitions import FAILED
from service.actions.types.registry import synced_change
from service.domain.clock import Clock
from service.domain.ids import worker_name
from service.platform.seam import Connection
from service.ports import Store
from service.synced.model import ChatChange

log = logging.getLogger("countersign.executor")

RecordWrite = Callable[[Store, dt.datetime, str, str, ChatChange], Awaitable[None]]
"""Applies what an executed write changes in the synced chats (the synced feature's
`record_write`, handed in by the composition root): (store, now, workspace, account, change)."""

LEASE = dt.timedelta(seconds=60)
SWEEP_EVERY = dt.timedelta(seconds=10)
"""How often the background loop looks for actions left `executing` past their lease."""
INTERRUPTED = (
    "The service stopped while this action was being sent. It was not sent again "
    "because the platform may already have received it; check the account before "
    "creating a new action."
)


class Executor:
    """Takes what it uses, from the composition root (service/runtime/runner.py::executor_for): the
    store, the clock, how to reach an account's platform, how to show a write in the synced
    chats, its own wake-up, the deliverer's, and how long to wait for a platform that refuses a
    send."""

    def __init__(
        self,
        store: Store,
        clock: Clock,
        connect: Callable[[Account], Connection],
        *,
        record_write: RecordWrite,
        wakeup: asyncio.Event,
        wake_deliverer: Callable[[], None],
        patience: dt.timedelta,
        name: str | None = None,
        retry: RetryPolicy | None = None,
    ) -> None:
        self.store, self.clock, self.connect = store, clock, connect
        self.record_write = record_write
        self.wakeup, self.wake_deliverer = wakeup, wake_deliverer
        self.name = name or worker_name()
        self.retry = retry or RetryPolicy()
        self.patience = Patience(limit=patience)
        self.idle = asyncio.Event()  # set while waiting for work (tests wait on it)
        self.stopping = asyncio.Event()  # set by stop(): claim nothing more, finish what runs

    def stop(self) -> None:
        """A clean stop (SIGTERM): no new claims; the send in flight, if any, finishes and is
        recorded, then run_forever returns (service/runtime/runner.py bounds the wait)."""
        self.stopping.set()
        self.wakeup.set()

    async def run_once(self) -> int:
        """Fail interrupted actions, then claim and run every approved action that is waiting;
        returns how many ran."""
        await self.fail_interrupted()
        return await self.run_waiting()

    async def run_waiting(self) -> int:
        """Claim and run approved actions, oldest first, one at a time, until none is waiting."""
        ran = 0
        while not self.stopping.is_set() and (claimed := await self._claim_next()) is not None:
            await self._run(claimed)
            ran += 1
        return ran

    async def _claim_next(self) -> Claimed | None:
        """The oldest approved action, now `executing` and ours, with its account as it stands
        at the claim (the kill switch is read here, after the approval): one transaction.

        When that transaction fails (and rolls the claim back), the action is claimed alone and
        the account read again inside `_run`'s guard, so a failing database still ends the
        action `failed` with the real reason instead of leaving it approved."""
        store, now = self.store, self.clock.now()
        try:
            async with store.transaction() as uow:
                action = await lifecycle.claim_next(uow, self.name, now)
                if action is None:
                    return None
                account = await uow.accounts.get(action.workspace_id, action.account_id)
                return Claimed(action, account)
        except Exception:
            log.warning("claiming with the account read failed; claiming alone", exc_info=True)
        async with store.transaction() as uow:
            action = await lifecycle.claim_next(uow, self.name, self.clock.now())
        return None if action is None else Claimed(action, None, account_read=False)

    async def _run(self, claimed: Claimed) -> None:
        """One claimed action, guarded on its own: whatever goes wrong ends it `failed` with
        the real reason (never left `executing`), and the rest of the batch still runs."""
        action, progress = claimed.action, Progress()
        try:
            account = claimed.account
            if not claimed.account_read:
                async with self.store.reading() as uow:
                    account = await uow.accounts.get(action.workspace_id, action.account_id)
            outcome = await execute(
                action,
                account,
                progress,
                connect=self.connect,
                retry=self.retry,
            )
            await self._finish(action, outcome)
            if isinstance(outcome, Executed):
                await self._update_synced_chat(action, outcome.result)
        except Exception as exc:
            log.exception("action %s failed inside the service", action.id)
            try:
                await self._finish(action, internal_failure(exc, progress))
            except Exception:
                # Nothing more we can record now; the lease sweep fails it honestly later.
                log.exception("could not record the failure of action %s", action.id)

    async def _finish(self, action: Action, outcome: Outcome) -> None:
        done = await lifecycle.finish(
            self.store,
            self.clock,
            action,
            outcome,
            wake_deliverer=self.wake_deliverer,
            patience=self.patience,
        )
        if done is not None and done.status == FAILED and done.approvals_required == 0:
            await self._take_back(done)

    async def _take_back(self, failed: Action) -> None:
        """An allowance's action failed: pause the allowance when its record says so
        (pausing.py). The failure is recorded already; this never changes it."""
        try:
            paused = await pausing.after_failure(self.store, self.clock, failed)
        except Exception:
            log.exception("could not check the allowance of failed action %s", failed.id)
            return
        if paused:
            self.wake_deliverer()

    async def _update_synced_chat(self, action: Action, result: dict[str, Any]) -> None:
        """What the write changes in the synced chats (its type's `synced_effect`: a sent or
        unsent message) shows at once (docs/synced-data.md). The action is already recorded:
        a failure here is logged, never the action's."""
        try:
            change = synced_change(action, result)
            if change is not None:
                now = self.clock.now()
                await self.record_write(
                    self.store, now, action.workspace_id, action.account_id, change
                )
        except Exception:
            log.exception("could not update the synced chat after action %s", action.id)

    async def fail_interrupted(self) -> list[str]:
        now = self.clock.now()
        async with self.store.reading() as uow:
            stuck = await uow.actions.stuck_executing(now - LEASE)
        failed = []
        for action in stuck:
            await self._finish(action, Failed("internal_error", INTERRUPTED))
            failed.append(action.id)
        return failed

    async def until_due(self, poll: float) -> float:
        """Seconds to sleep: until the soonest scheduled action is due, at most `poll`. Read again
        after every round, so an approval (which wakes the loop) or a restart re-arms it."""
        now = self.clock.now()
        try:
            async with self.store.reading() as uow:
                due = await uow.actions.next_due(now)
        except Exception:
            log.warning("reading the next scheduled run failed", exc_info=True)
            return poll
        return poll if due is None else min(poll, max((due - now).total_seconds(), 0.0))

    async def run_forever(self, poll: float = 1.0) -> None:
        """Wakes the moment an approval happens in this process; polls for other processes."""
        wakeup = self.wakeup
        async with self.store.listen(ACTIONS_CHANNEL, wakeup.set):
            await self._loop(wakeup, poll)

    async def _loop(self, wakeup: asyncio.Event, poll: float) -> None:
        """A wake-up goes straight to the claim; nothing (no sweep, no read) runs before it."""
        next_sweep: dt.datetime | None = None
        while not self.stopping.is_set():
            wakeup.clear()
            try:
                await self.run_waiting()
                now = self.clock.now()
                if not self.stopping.is_set() and (next_sweep is None or now >= next_sweep):
                    await self.fail_interrupted()
                    next_sweep = now + SWEEP_EVERY
            except Exception:
                log.exception("executor round failed; retrying")
            self.idle.set()
            timeout = await self.until_due(poll)
            with contextlib.suppress(TimeoutError):  # not wait_for: see Deliverer.run_forever
                async with asyncio.timeout(timeout):
                    await wakeup.wait()
            self.idle.clear()
