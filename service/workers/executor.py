"""Runs approved actions: approved → executing → executed | failed, at most once per action.

Claiming is a conditional write (`approved → executing` with our worker id), so any number of
processes on one database can run executors and each action is sent by exactly one of them.
An action found `executing` past its lease belonged to a process that died mid-call: the
platform may or may not have received it, so it is never re-sent; it fails with an honest error.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import os
import socket

from service.domain.ids import new_id
from service.domain.models import Action, Event
from service.platform.errors import AccountUnavailable, PlatformError
from service.platform.writes import perform
from service.render import action_json
from storage.base import ACTIONS_CHANNEL

log = logging.getLogger("countersign.executor")

LEASE = dt.timedelta(seconds=60)
INTERRUPTED = ("The service stopped while this action was being sent. It was not sent again "
               "because the platform may already have received it; check the account before "
               "creating a new action.")


def worker_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}:{new_id('', 6)}"


class Executor:
    def __init__(self, services, name: str | None = None) -> None:
        self.services = services
        self.name = name or worker_name()
        self.idle = asyncio.Event()  # set while waiting for work (tests wait on it)

    async def run_once(self) -> int:
        """Claim and run every approved action that is waiting; returns how many ran."""
        await self.fail_interrupted()
        ran = 0
        while True:
            async with self.services.store.reading() as uow:
                waiting = await uow.actions.claimable(limit=20)
            if not waiting:
                return ran
            for action in waiting:
                claimed = await self._claim(action)
                if claimed is not None:
                    await self._execute(claimed)
                    ran += 1

    async def _claim(self, action: Action) -> Action | None:
        async with self.services.store.transaction() as uow:
            return await uow.actions.transition(action.id, ["approved"], "executing",
                                                claimed_by=self.name,
                                                claimed_at=self.services.clock.now())

    async def _execute(self, action: Action) -> None:
        if action.mode == "test":
            await self._finish(action, result={"simulated": True})
            return
        async with self.services.store.reading() as uow:
            account = await uow.accounts.get(action.workspace_id, action.account_id)
        if account is None or account.unavailable or account.session_secret is None:
            status = account.status if account is not None else "disconnected"
            await self._finish(action, error={
                "code": "account_unavailable",
                "message": (account.status_reason if account and account.status_reason else
                            f"The account is {status}; the platform is not accepting calls.")})
            return
        if self.services.platform is None:
            await self._finish(action, error={"code": "platform_error", "message":
                               "No platform is configured (COUNTERSIGN_PLATFORM_URL)."})
            return
        try:
            session = self.services.secrets.open(account.session_secret)
            result = await perform(self.services.platform, session, action)
        except PlatformError as exc:
            await self._finish(action, error={"code": exc.code, "message": _message(exc)},
                               account_status=exc.account_status
                               if isinstance(exc, AccountUnavailable) else None)
            return
        await self._finish(action, result=result)

    async def _finish(self, action: Action, *, result=None, error=None,
                      account_status: str | None = None) -> None:
        now = self.services.clock.now()
        status = "failed" if error else "executed"
        async with self.services.store.transaction() as uow:
            done = await uow.actions.transition(
                action.id, ["executing"], status, result=result, error=error,
                executed_at=now if result is not None else None)
            if done is None:
                log.warning("action %s left executing before %s finished it", action.id,
                            self.name)
                return
            await uow.events.add(Event(
                id=new_id("evt_"), workspace_id=done.workspace_id, type=f"action.{status}",
                account_id=done.account_id,
                data=action_json(done, self.services.settings.public_url, now), created_at=now,
                mode=done.mode))
            if account_status is not None:
                await uow.accounts.update(done.workspace_id, done.account_id,
                                          status=account_status, status_reason=error["message"])

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
        while True:
            wakeup.clear()
            try:
                await self.run_once()
            except Exception:
                log.exception("executor round failed; retrying")
            self.idle.set()
            try:
                await asyncio.wait_for(wakeup.wait(), timeout=poll)
            except TimeoutError:
                pass
            self.idle.clear()


def _message(exc: PlatformError) -> str:
    if exc.may_have_applied:
        return (f"{exc.message} The platform may have applied it anyway; check before "
                "creating the action again.")
    return exc.message
