"""Posts and edits the chat outbox: claim due messages with a lease (a conditional write), send
each in its own task, record the outcome while the lease holds.

Several posters (in several processes) can share one database: a message is sent only by the
one whose claim won. A 429 is tried again no sooner than the chat's Retry-After, a 5xx or no
answer on a growing backoff; any other refusal is final (the message `failed`, its error kept).
Each message is its own task and at most `per_workspace` of one workspace are in flight, so a
workspace whose chat is slow or rate-limited delays no other workspace's messages. A message is
rendered from the action as it is when sent: several decisions and outcomes queued meanwhile
cost one edit. Notes (an escalation, a paused allowance) are sent once, never edited.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from collections import Counter
from collections.abc import Callable

from service.accounts.model import Account
from service.actions.model import Action
from service.actions.transitions import effective
from service.chat import notes
from service.chat.compose import Composed, Mention, compose
from service.chat.mentions import managers, routed
from service.chat.models import ACTION_MESSAGE, ESCALATION_NOTE, ChatMessage
from service.chat.refusals import ChatRefused
from service.chat.sending import Chats
from service.domain.clock import Clock
from service.ports import Store
from service.runtime.wakeable import Wakeable

log = logging.getLogger("countersign.chat")

LEASE = dt.timedelta(minutes=2)
BACKOFF = (1, 5, 30, 120, 600)
"""Seconds before the next try after a 5xx or no answer (the last repeats)."""
MAX_ATTEMPTS = 12
"""Tries before a message is given up as `failed` (a 429's wait counts as one)."""


LatestPause = Callable[[Account], tuple[str, str] | None]
"""Why the account's most recently paused allowance was paused, and its name (None: none is):
the policies feature's `latest_pause`, handed in by the composition root."""


class Poster(Wakeable):
    def __init__(
        self,
        store: Store,
        clock: Clock,
        chats: Chats,
        public_url: str,
        *,
        latest_pause: LatestPause,
        batch: int = 100,
        per_workspace: int = 8,
        idle_seconds: float = 1.0,
        wakeup: asyncio.Event | None = None,
    ) -> None:
        super().__init__("chat", idle_seconds, wakeup)
        self.store = store
        self.clock = clock
        self.chats = chats
        self.public_url = public_url
        self.latest_pause = latest_pause
        self.batch = batch
        self.per_workspace = per_workspace
        self._flying: dict[asyncio.Task[None], str] = {}  # task -> workspace id

    async def run_once(self) -> int:
        """Send until nothing is due now; returns how many sends were made (tests call it
        after moving a ManualClock)."""
        made = 0
        while True:
            while claimed := await self._round():  # until only busy workspaces have more
                made += claimed
            if not self._flying:
                async with self.store.reading() as uow:
                    if not await uow.chat_messages.due(self.clock.now(), 1):
                        return made
                continue
            await asyncio.wait(list(self._flying), return_when=asyncio.FIRST_COMPLETED)

    async def run_forever(self) -> None:
        self.chats.prepare()
        try:
            while True:
                self.wakeup.clear()
                try:
                    while await self._round():  # until only busy workspaces have more
                        pass
                except Exception:
                    log.exception("chat round failed; retrying")
                await self.wait_for_work()
        finally:
            for task in list(self._flying):
                task.cancel()

    async def _round(self) -> int:
        now = self.clock.now()
        busy = Counter(self._flying.values())
        full = [workspace for workspace, n in busy.items() if n >= self.per_workspace]
        async with self.store.reading() as uow:
            due = await uow.chat_messages.due(now, self.batch, exclude_workspaces=full)
        wanted = []
        for message_id, workspace_id in due:
            if busy[workspace_id] >= self.per_workspace:
                continue  # its workspace is at its bound: others go first
            busy[workspace_id] += 1
            wanted.append(message_id)
        if not wanted:
            return 0
        async with self.store.transaction() as uow:
            claimed = await uow.chat_messages.claim_many(wanted, self.worker, now, now + LEASE)
        for message in claimed:
            task = asyncio.create_task(self._send(message))
            self._flying[task] = message.workspace_id
            task.add_done_callback(self._landed)
        return len(claimed)

    def _landed(self, task: asyncio.Task[None]) -> None:
        self._flying.pop(task, None)
        if not task.cancelled() and task.exception() is not None:
            log.error("chat send failed inside the service", exc_info=task.exception())
        self.wakeup.set()

    async def _send(self, message: ChatMessage) -> None:
        if not message.id.startswith(ACTION_MESSAGE):
            await self._send_note(message)
            return
        now = self.clock.now()
        async with self.store.reading() as uow:
            action = await uow.actions.get(message.workspace_id, message.action_id)
            connection = await uow.chat_connections.get(message.workspace_id, message.provider)
            account = (
                await uow.accounts.get(action.workspace_id, action.account_id) if action else None
            )
            mentions, fallback = (
                await routed(uow, action, message.provider, now)
                if action is not None and action.status == "pending"
                else ((), False)
            )
        ref = message.ref
        try:
            if action is None or connection is None:
                raise ChatRefused("the action or the chat connection is gone", final=True)
            action = effective(action, now)
            if ref is None and action.status != "pending":
                # Decided before it went out: there is nothing left to ask.
                await self._finish(message, ref=None, error="decided before it was posted")
                return
            composed = compose(
                action,
                summary=action.summary,  # stored with the fans' and lists' names
                username=account.username if account else None,
                public_url=self.public_url,
                now=now,
                mentions=mentions,
                fallback=fallback,
            )
            if ref is None:
                ref = await self.chats.post(connection, message.channel, composed, action.id)
            else:
                await self.chats.update(connection, message.channel, ref, composed, action.id)
        except ChatRefused as refused:
            await self._refused(message, refused)
            return
        await self._finish(message, ref=ref)

    async def _send_note(self, message: ChatMessage) -> None:
        """An escalation or a paused allowance, told once (notes.py)."""
        now = self.clock.now()
        escalation = message.id.startswith(ESCALATION_NOTE)
        async with self.store.reading() as uow:
            action = await uow.actions.get(message.workspace_id, message.action_id)
            connection = await uow.chat_connections.get(message.workspace_id, message.provider)
            account = (
                await uow.accounts.get(action.workspace_id, action.account_id) if action else None
            )
            mentions = await managers(uow, message.workspace_id, message.provider)
            parents = await uow.chat_messages.of_action(message.action_id) if escalation else ()
        parent = next(
            (
                m.ref
                for m in parents
                if m.id.startswith(ACTION_MESSAGE) and m.provider == message.provider
            ),
            None,
        )
        try:
            if action is None or account is None or connection is None:
                raise ChatRefused("the action or the chat connection is gone", final=True)
            composed = self._note(escalation, effective(action, now), account, mentions)
            if composed is None:
                await self._finish(message, ref=None, error="nothing left to tell")
                return
            ref = await self.chats.note(connection, message.channel, composed, parent)
        except ChatRefused as refused:
            await self._refused(message, refused)
            return
        await self._finish(message, ref=ref)

    def _note(
        self, escalation: bool, action: Action, account: Account, mentions: tuple[Mention, ...]
    ) -> Composed | None:
        """The note's words; None when the news is stale (decided, or resumed, meanwhile)."""
        if escalation:
            if action.status != "pending":
                return None
            return notes.escalation(
                action, username=account.username, public_url=self.public_url, mentions=mentions
            )
        paused = self.latest_pause(account)
        if paused is None:
            return None
        reason, name = paused
        return notes.pause(
            reason,
            name,
            username=account.username,
            account_id=account.id,
            public_url=self.public_url,
            mentions=mentions,
        )

    async def _finish(
        self, message: ChatMessage, *, ref: str | None, error: str | None = None
    ) -> None:
        async with self.store.transaction() as uow:
            done = await uow.chat_messages.finish(
                message.id,
                self.worker,
                sent=message.wanted,
                ref=ref,
                now=self.clock.now(),
                error=error,
            )
        if not done:
            log.warning("chat message %s: lease lost before its outcome was recorded", message.id)

    async def _refused(self, message: ChatMessage, refused: ChatRefused) -> None:
        now = self.clock.now()
        async with self.store.transaction() as uow:
            if refused.final or message.attempts + 1 >= MAX_ATTEMPTS:
                log.warning("chat message %s refused for good: %s", message.id, refused)
                await uow.chat_messages.finish(
                    message.id,
                    self.worker,
                    sent=message.wanted,
                    ref=None,
                    now=now,
                    failed=message.ref is None,
                    error=str(refused),
                )
                return
            wait = refused.retry_after
            if wait is None:
                wait = BACKOFF[min(message.attempts, len(BACKOFF) - 1)]
            await uow.chat_messages.retry(
                message.id, self.worker, at=now + dt.timedelta(seconds=wait), error=str(refused)
            )
