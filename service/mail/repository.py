"""The mail's storage ports: the outbox and each member's preferences."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Protocol

from service.mail.models import Mail, MailAttempt, MailPreference


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
