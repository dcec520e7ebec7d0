"""Sends the mail outbox: fold due digests, claim due mails with a lease (a conditional write),
send each in its own task under one deadline, record one attempt row per try.

Several mailers (in several processes) can share one database: a mail is sent only by the one
whose claim won, and its outcome is recorded only while that lease holds. A refusal the server
may take back (a 4xx answer, no connection, the deadline) is tried again on `RETRY_AFTER`'s
schedule, then the mail is `failed`; a 5xx answer fails it at once. A mail whose action was
decided before it went out is `skipped`: there is nothing left to ask. The mailer is its own
task: an unreachable or slow SMTP server delays no webhook, no execution, no request.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import time
from collections.abc import Sequence

from attrs import frozen

from service.actions.model import Action
from service.actions.transitions import effective
from service.domain.clock import Clock
from service.domain.ids import new_id
from service.mail.compose import PAUSED, Item, UnbuildableMail, compose
from service.mail.models import Mail, MailAttempt
from service.mail.notifications import fold_digests
from service.mail.smtp import MailRefused, Session, SmtpServer, parse_smtp_url
from service.mail.statuses import Trigger, dest
from service.ports import Store, UnitOfWork
from service.runtime.wakeable import Wakeable
from service.settings import Settings

log = logging.getLogger("countersign.mailer")

LEASE = dt.timedelta(minutes=5)
RETRY_AFTER = (
    dt.timedelta(minutes=1),
    dt.timedelta(minutes=5),
    dt.timedelta(minutes=30),
    dt.timedelta(hours=2),
)
"""After the first try fails: four more, then `failed` (about 2.5 hours in all)."""


@frozen
class Context:
    """What a batch of mails needs from the database, read once."""

    actions: dict[str, Action]
    workspaces: dict[str, str]  # id -> name
    usernames: dict[tuple[str, str], str | None]  # (workspace, account) -> @handle
    reach: dict[tuple[str, str], tuple[str, ...] | None] | None = None
    """(workspace, user) -> the accounts the recipient sees now (None: all); a recipient no
    longer a member is absent. None: not read (every action is theirs)."""


def _still_theirs(context: Context, mail: Mail, action: Action) -> bool:
    """A mail written before its recipient was assigned elsewhere (or removed) says nothing
    of an account they no longer see: assignments hold in mail as on every page."""
    if context.reach is None:
        return True
    key = (mail.workspace_id, mail.user_id)
    if key not in context.reach:
        return False
    seen = context.reach[key]
    return seen is None or action.account_id in seen


@frozen
class Outcome:
    status: str  # sent | pending (retry) | failed | skipped
    error: str | None
    duration_ms: int
    attempted: bool  # False: skipped without talking to the server


class Mailer(Wakeable):
    def __init__(
        self,
        store: Store,
        clock: Clock,
        settings: Settings,
        *,
        batch: int = 100,
        concurrency: int = 16,
        idle_seconds: float = 1.0,
        wakeup: asyncio.Event | None = None,
    ) -> None:
        if settings.smtp_url is None:
            raise ValueError("no COUNTERSIGN_SMTP_URL: the mailer has nowhere to send")
        super().__init__("mail", idle_seconds, wakeup)
        self.store = store
        self.clock = clock
        self.settings = settings
        self.server: SmtpServer = parse_smtp_url(settings.smtp_url)
        self.batch = batch
        self.sessions = concurrency  # SMTP connections at once, each reused for several mails

    async def run_once(self) -> int:
        """Fold due digests, then send everything due now; returns how many mails were handled
        (sent, retried, failed or skipped). Tests call it after moving a ManualClock."""
        handled = 0
        await fold_digests(self.store, self.clock.now())
        while True:
            now = self.clock.now()
            async with self.store.reading() as uow:
                due = await uow.mails.due(now, self.batch)
            if not due:
                return handled
            async with self.store.transaction() as uow:
                claimed = await uow.mails.claim_many(due, self.worker, now, now + LEASE)
            if not claimed:
                continue  # another mailer took them: look again
            await self._handle_batch(claimed)
            handled += len(claimed)

    async def run_forever(self) -> None:
        while True:
            self.wakeup.clear()
            try:
                await self.run_once()
            except Exception:
                log.exception("mail round failed; retrying")
            await self.wait_for_work()

    async def _handle_batch(self, claimed: Sequence[Mail]) -> None:
        """One read for the whole batch, the SMTP conversations side by side (no connection
        held), then the outcomes in one transaction (one by one if that fails)."""
        try:
            context = await self._read(claimed)
        except Exception:
            log.exception("reading %d mails' actions failed; their leases lapse", len(claimed))
            return
        # A few SMTP sessions, each sending its share of the batch over one connection.
        queue = list(claimed)
        outcomes: dict[str, Outcome] = {}

        async def session_worker() -> None:
            session = Session(self.server, deadline=self.settings.mail_timeout)
            try:
                while queue:
                    mail = queue.pop(0)
                    outcomes[mail.id] = await self._handle(mail, context, session)
            finally:
                await session.close()

        await asyncio.gather(*(session_worker() for _ in range(min(self.sessions, len(queue)))))
        finished = [(mail, outcomes[mail.id]) for mail in claimed]
        try:
            async with self.store.transaction() as uow:
                for mail, outcome in finished:
                    await self._record_in(uow, mail, outcome)
        except Exception:
            log.exception("recording %d mails failed; recording them one by one", len(finished))
            for mail, outcome in finished:
                try:
                    async with self.store.transaction() as uow:
                        await self._record_in(uow, mail, outcome)
                except Exception:  # not recorded: its lease lapses and it is tried again
                    log.exception("recording mail %s failed", mail.id)

    async def _read(self, claimed: Sequence[Mail]) -> Context:
        ids = [a for mail in claimed for a in mail.action_ids]
        async with self.store.reading() as uow:
            actions = {a.id: a for a in await uow.actions.get_many(ids)}
            workspaces = {}
            for ws in {m.workspace_id for m in claimed}:
                workspaces[ws] = await uow.workspaces.get(ws)
            usernames = {}
            for ws, account_id in {(a.workspace_id, a.account_id) for a in actions.values()}:
                account = await uow.accounts.get(ws, account_id)
                usernames[(ws, account_id)] = account.username if account else None
            reach: dict[tuple[str, str], tuple[str, ...] | None] = {}
            for ws in {m.workspace_id for m in claimed}:
                for member in await uow.members.list(ws):
                    reach[(ws, member.user_id)] = member.sees()
        names = {ws: (w.name if w else "your workspace") for ws, w in workspaces.items()}
        return Context(actions, names, usernames, reach)

    async def _handle(self, mail: Mail, context: Context, session: Session) -> Outcome:
        try:
            return await self._send(mail, context, session)
        except Exception as exc:  # a bug: recorded as an attempt, so its retries end too
            log.exception("mail %s failed inside the service", mail.id)
            return Outcome(dest(Trigger.RETRY), f"internal: {type(exc).__name__}", 0, True)

    async def _send(self, mail: Mail, context: Context, session: Session) -> Outcome:
        now = self.clock.now()
        actions = [context.actions[i] for i in mail.action_ids if i in context.actions]
        if mail.kind == PAUSED:  # about an allowance, whatever became of its action
            waiting = actions
        else:
            waiting = [
                a
                for a in actions
                if effective(a, now).status == "pending" and _still_theirs(context, mail, a)
            ]
        if not waiting:
            return Outcome(dest(Trigger.SKIP), "decided before the mail went out", 0, False)
        items = [
            Item(
                a,
                context.usernames.get((a.workspace_id, a.account_id)),
                a.summary,
            )
            for a in waiting
        ]
        try:
            message = compose(
                "digest" if len(items) > 1 or mail.kind == "digest" else mail.kind,
                items,
                to=mail.to_address,
                sender=self.settings.mail_from,
                mode=mail.mode,
                workspace=context.workspaces.get(mail.workspace_id, "your workspace"),
                public_url=self.settings.public_url,
                now=now,
            )
        except UnbuildableMail as exc:  # no retry can change it
            return Outcome(dest(Trigger.GIVE_UP), f"the mail could not be written: {exc}", 0, False)
        started = time.perf_counter()
        try:
            await session.send(message)
        except MailRefused as exc:
            ms = int((time.perf_counter() - started) * 1000)
            final = Trigger.GIVE_UP if exc.final else Trigger.RETRY
            return Outcome(dest(final), str(exc), ms, True)
        return Outcome(dest(Trigger.SEND), None, int((time.perf_counter() - started) * 1000), True)

    async def _record_in(self, uow: UnitOfWork, mail: Mail, outcome: Outcome) -> None:
        now = self.clock.now()
        attempts = mail.attempts + (1 if outcome.attempted else 0)
        status, due = outcome.status, now
        if status == dest(Trigger.RETRY):
            if attempts > len(RETRY_AFTER):
                status = dest(Trigger.GIVE_UP)
            else:
                due = now + RETRY_AFTER[max(0, attempts - 1)]
        done = await uow.mails.finish(
            mail.id,
            self.worker,
            status=status,
            attempts=attempts,
            next_attempt_at=due,
            sent_at=now if status == dest(Trigger.SEND) else None,
            error=outcome.error,
        )
        if done is None:
            log.warning("mail %s: lease lost before its outcome was recorded", mail.id)
            return
        if outcome.attempted:
            await uow.mails.add_attempt(
                MailAttempt(
                    id=new_id("mat_"),
                    mail_id=mail.id,
                    attempt=attempts,
                    attempted_at=now,
                    duration_ms=outcome.duration_ms,
                    outcome={"sent": "sent", "pending": "retry"}.get(status, "failed"),
                    error=outcome.error[:500] if outcome.error else None,
                )
            )
