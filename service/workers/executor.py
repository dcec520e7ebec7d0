"""Runs approved actions: approved → executing → executed | failed, at most once per action.

Claiming is a conditional write (`approved → executing` with our worker id, one
`UPDATE … RETURNING` on the oldest approved row), so any number of processes on one database
can run executors and each action is sent by exactly one of them. An action found `executing`
past its lease belonged to a process that died mid-call: the platform may or may not have
received it, so it is never re-sent; it fails with an honest error.

A wake-up (this process's approval, or another's NOTIFY) goes straight to the claim: the claim
and the account read share one transaction, then the platform call, then the finish
transaction. The lease sweep runs after the waiting actions, at most every `SWEEP_EVERY`.

Every claimed action ends `executed` or `failed` with the real reason: anything unexpected
(a database error, an undecryptable session) fails that action with `internal_error` and a safe
sentence, and the batch goes on. Refusals the platform surely never acted on are sent again
(service/workers/retries.py). Writes switched off after approval stop the action
(`writes_disabled`), in both modes.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import logging
import os
import socket
from typing import Any

from attrs import define, frozen
from cryptography.fernet import InvalidToken

from service.domain.ids import new_id
from service.domain.models import Account, Action
from service.platform.errors import AccountUnavailable, PlatformError
from service.platform.seam import Connection, NotConnected
from service.platform.writes import perform
from service.services import Services
from service.usecases.actions import action_event
from service.workers.retries import RetryPolicy, surely_unsent
from storage.base import ACTIONS_CHANNEL

log = logging.getLogger("countersign.executor")

LEASE = dt.timedelta(seconds=60)
SWEEP_EVERY = dt.timedelta(seconds=10)
"""How often the background loop looks for actions left `executing` past their lease."""
INTERRUPTED = (
    "The service stopped while this action was being sent. It was not sent again "
    "because the platform may already have received it; check the account before "
    "creating a new action."
)


def worker_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}:{new_id('', 6)}"


class Executor:
    def __init__(
        self, services: Services, name: str | None = None, retry: RetryPolicy | None = None
    ) -> None:
        self.services = services
        self.name = name or worker_name()
        self.retry = retry or RetryPolicy()
        self.idle = asyncio.Event()  # set while waiting for work (tests wait on it)

    async def run_once(self) -> int:
        """Fail interrupted actions, then claim and run every approved action that is waiting;
        returns how many ran."""
        await self.fail_interrupted()
        return await self.run_waiting()

    async def run_waiting(self) -> int:
        """Claim and run approved actions, oldest first, one at a time, until none is waiting."""
        ran = 0
        while (claimed := await self._claim_next()) is not None:
            await self._run(claimed)
            ran += 1
        return ran

    async def _claim_next(self) -> Claimed | None:
        """The oldest approved action, now `executing` and ours, with its account as it stands
        at the claim (the kill switch is read here, after the approval): one transaction.

        When that transaction fails (and rolls the claim back), the action is claimed alone and
        the account read again inside `_run`'s guard, so a failing database still ends the
        action `failed` with the real reason instead of leaving it approved."""
        try:
            async with self.services.store.transaction() as uow:
                action = await uow.actions.claim_next(self.name, self.services.clock.now())
                if action is None:
                    return None
                account = await uow.accounts.get(action.workspace_id, action.account_id)
                return Claimed(action, account)
        except Exception:
            log.warning("claiming with the account read failed; claiming alone", exc_info=True)
        async with self.services.store.transaction() as uow:
            action = await uow.actions.claim_next(self.name, self.services.clock.now())
        return None if action is None else Claimed(action, None, account_read=False)

    async def _run(self, claimed: Claimed) -> None:
        """One claimed action, guarded on its own: whatever goes wrong ends it `failed` with
        the real reason (never left `executing`), and the rest of the batch still runs."""
        action, progress = claimed.action, Progress()
        try:
            await self._execute(claimed, progress)
        except Exception as exc:
            log.exception("action %s failed inside the service", action.id)
            try:
                await self._finish(
                    action,
                    error={"code": "internal_error", "message": internal_reason(exc, progress)},
                )
            except Exception:
                # Nothing more we can record now; the lease sweep fails it honestly later.
                log.exception("could not record the failure of action %s", action.id)

    async def _execute(self, claimed: Claimed, progress: Progress) -> None:
        action, account = claimed.action, claimed.account
        if not claimed.account_read:
            async with self.services.store.reading() as uow:
                account = await uow.accounts.get(action.workspace_id, action.account_id)
        if account is not None and not account.writes_enabled:
            # The kill switch wins over an earlier approval, in both modes.
            await self._finish(
                action,
                error={
                    "code": "writes_disabled",
                    "message": (
                        f"Writes were switched off for @{account.username} after this action was "
                        "approved, so it was not sent."
                    ),
                },
            )
            return
        if account is None:
            await self._finish(
                action,
                error={
                    "code": "account_unavailable",
                    "message": (
                        "The account is disconnected; the platform is not accepting calls."
                    ),
                },
            )
            return
        progress.step = "opening the stored platform session"
        try:
            connection = self.services.platforms.connect(account)  # the sandbox in test mode
        except NotConnected as exc:
            await self._finish(action, error={"code": exc.code, "message": exc.message})
            return
        if account.unavailable and not connection.simulated:
            await self._finish(
                action,
                error={
                    "code": "account_unavailable",
                    "message": (
                        account.status_reason
                        or f"The account is {account.status}; the platform is not accepting calls."
                    ),
                },
            )
            return
        try:
            result = await self._send(action, connection, progress)
        except PlatformError as exc:
            await self._finish(
                action,
                error={"code": exc.code, "message": _message(exc, progress)},
                account_status=exc.account_status if isinstance(exc, AccountUnavailable) else None,
                account_was=account,
            )
            return
        if connection.simulated:
            result = {"simulated": True}  # SPEC 2.4: test mode's result and nothing else
        progress.step = "recording the platform's answer"
        await self._finish(action, result=result)

    async def _send(
        self, action: Action, connection: Connection, progress: Progress
    ) -> dict[str, Any]:
        """The write, sent again only while the platform surely received none of it."""
        while True:
            progress.attempts += 1
            progress.step = "sending it to the platform"
            try:
                return await perform(connection.platform, connection.session, action)
            except PlatformError as exc:
                if progress.attempts >= self.retry.attempts or not surely_unsent(exc):
                    raise
                log.info(
                    "action %s: platform refused before reading it (%s); retrying",
                    action.id,
                    exc.message,
                )
            await asyncio.sleep(self.retry.delay(progress.attempts))

    async def _finish(
        self,
        action: Action,
        *,
        result: dict[str, Any] | None = None,
        error: dict[str, Any] | None = None,
        account_status: str | None = None,
        account_was: Account | None = None,
    ) -> None:
        """`account_status` moves the account only from the state it was in when the action
        ran (`account_was`): a relink meanwhile, with its new session, is never undone."""
        now = self.services.clock.now()
        status = "failed" if error else "executed"
        async with self.services.store.transaction() as uow:
            done = await uow.actions.transition(
                action.id,
                ["executing"],
                status,
                result=result,
                error=error,
                executed_at=now if result is not None else None,
            )
            if done is None:
                log.warning("action %s left executing before %s finished it", action.id, self.name)
                return
            public_url = self.services.settings.public_url
            await uow.events.add(action_event(f"action.{status}", done, public_url, now))
            if account_status is not None and account_was is not None and error is not None:
                await uow.accounts.move(
                    done.workspace_id,
                    done.account_id,
                    from_status=account_was.status,
                    from_session=account_was.session_secret,
                    status=account_status,
                    status_reason=error["message"],
                )
        self.services.wake_deliverer()  # its event is committed: deliver it now

    async def fail_interrupted(self) -> list[str]:
        now = self.services.clock.now()
        async with self.services.store.reading() as uow:
            stuck = await uow.actions.stuck_executing(now - LEASE)
        failed = []
        for action in stuck:
            await self._finish(action, error={"code": "internal_error", "message": INTERRUPTED})
            failed.append(action.id)
        return failed

    async def run_forever(self, poll: float = 1.0) -> None:
        """Wakes the moment an approval happens in this process; polls for other processes."""
        wakeup = self.services.executor_wakeup
        async with self.services.store.listen(ACTIONS_CHANNEL, wakeup.set):
            await self._loop(wakeup, poll)

    async def _loop(self, wakeup: asyncio.Event, poll: float) -> None:
        """A wake-up goes straight to the claim; nothing (no sweep, no read) runs before it."""
        next_sweep: dt.datetime | None = None
        while True:
            wakeup.clear()
            try:
                await self.run_waiting()
                now = self.services.clock.now()
                if next_sweep is None or now >= next_sweep:
                    await self.fail_interrupted()
                    next_sweep = now + SWEEP_EVERY
            except Exception:
                log.exception("executor round failed; retrying")
            self.idle.set()
            with contextlib.suppress(TimeoutError):  # not wait_for: see Deliverer.run_forever
                async with asyncio.timeout(poll):
                    await wakeup.wait()
            self.idle.clear()


@frozen
class Claimed:
    """An action this executor claimed, and its account as read with the claim."""

    action: Action
    account: Account | None
    account_read: bool = True
    """False when the account could not be read with the claim: `_execute` reads it."""


@define
class Progress:
    """How far one action got, so a failure can say whether the platform may have it."""

    step: str = "preparing it"
    attempts: int = 0

    @property
    def reached_platform(self) -> bool:
        return self.attempts > 0


def _message(exc: PlatformError, progress: Progress) -> str:
    tries = f" (after {progress.attempts} attempts)" if progress.attempts > 1 else ""
    if exc.may_have_applied:
        return (
            f"{exc.message}{tries} The platform may have applied it anyway; check before "
            "creating the action again."
        )
    return exc.message + tries


def internal_reason(exc: Exception, progress: Progress) -> str:
    """A sentence for `error.message`: what failed and whether anything was sent, without the
    exception's text (it may hold SQL, secrets or a stack)."""
    if isinstance(exc, InvalidToken):
        what = (
            "The stored platform session for this account could not be decrypted (was "
            "COUNTERSIGN_SECRET_KEY changed?); link the account again."
        )
    elif _from_database(exc):
        what = f"The service's database failed while {progress.step}."
    else:
        what = f"An unexpected error inside the service stopped this action while {progress.step}."
    if progress.reached_platform:
        return (
            f"{what} The platform may have received it; check the account before creating "
            "the action again."
        )
    return f"{what} Nothing was sent to the platform."


def _from_database(exc: Exception) -> bool:
    drivers = {"sqlalchemy", "asyncpg", "sqlite3", "aiosqlite"}
    return any(cls.__module__.split(".")[0] in drivers for cls in type(exc).__mro__)
