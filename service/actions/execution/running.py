"""Running one claimed action: the rules between the claim and the outcome.

The kill switch read after approval wins (`writes_disabled`, both modes); a disconnected or
unavailable live account is not called (`account_unavailable`); test mode reaches the sandbox
and its result is `{"simulated": true}`; a refusal the platform surely never acted on is sent
again a few times at once (retries.RetryPolicy), then the action waits `approved` for its next
attempt (`Unsent`, retries.Patience); anything else ends the action with the platform's own error. The executor
(service/actions/execution/executor.py) is the loop around this, and lifecycle.finish records the outcome.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from attrs import define, frozen
from cryptography.fernet import InvalidToken

from service.accounts.model import Account
from service.actions.execution.platform_writes import perform
from service.actions.execution.retries import RetryPolicy, surely_unsent
from service.actions.model import Action
from service.actions.outcomes import Executed, Failed, Outcome, Unsent
from service.domain.storage_errors import StorageError
from service.platform.errors import AccountUnavailable, PlatformError
from service.platform.seam import Connection, NotConnected

log = logging.getLogger("countersign.executor")


@frozen
class Claimed:
    """An action the executor claimed, and its account as read with the claim."""

    action: Action
    account: Account | None
    account_read: bool = True
    """False when the account could not be read with the claim: `execute` is handed it."""


@define
class Progress:
    """How far one action got, so a failure can say whether the platform may have it."""

    step: str = "preparing it"
    attempts: int = 0

    @property
    def reached_platform(self) -> bool:
        return self.attempts > 0


async def execute(
    action: Action,
    account: Account | None,
    progress: Progress,
    *,
    connect: Callable[[Account], Connection],
    retry: RetryPolicy,
) -> Outcome:
    if account is not None and not account.writes_enabled:
        # The kill switch wins over an earlier approval, in both modes.
        return Failed(
            "writes_disabled",
            f"Writes were switched off for @{account.username} after this action was "
            "approved, so it was not sent.",
        )
    if account is None:
        return Failed(
            "account_unavailable",
            "The account is disconnected; the platform is not accepting calls.",
        )
    progress.step = "opening the stored platform session"
    try:
        connection = connect(account)  # the sandbox in test mode
    except NotConnected as exc:
        return Failed(exc.code, exc.message)
    if account.unavailable and not connection.simulated:
        return Failed(
            "account_unavailable",
            account.status_reason
            or f"The account is {account.status}; the platform is not accepting calls.",
        )
    try:
        result = await _send(action, connection, progress, retry)
    except PlatformError as exc:
        if surely_unsent(exc):  # wait for the platform (lifecycle.finish, retries.Patience)
            return Unsent(exc.code, exc.message, progress.attempts, exc.retry_after)
        return Failed(
            exc.code,
            _message(exc, progress),
            account_status=exc.account_status if isinstance(exc, AccountUnavailable) else None,
            account_was=account,
        )
    progress.step = "recording the platform's answer"
    # A test-mode action's result is `{"simulated": true}` and nothing else.
    return Executed({"simulated": True} if connection.simulated else result)


async def _send(
    action: Action, connection: Connection, progress: Progress, retry: RetryPolicy
) -> dict[str, Any]:
    """The write, sent again only while the platform surely received none of it."""
    while True:
        progress.attempts += 1
        progress.step = "sending it to the platform"
        try:
            return await perform(connection.platform, connection.session, action)
        except PlatformError as exc:
            if (
                progress.attempts >= retry.attempts
                or not surely_unsent(exc)
                or exc.retry_after is not None  # the platform said how long: wait that, later
            ):
                raise
            log.info(
                "action %s: platform refused before reading it (%s); retrying",
                action.id,
                exc.message,
            )
        await asyncio.sleep(retry.delay(progress.attempts))


def _message(exc: PlatformError, progress: Progress) -> str:
    tries = f" (after {progress.attempts} attempts)" if progress.attempts > 1 else ""
    if exc.may_have_applied:
        return (
            f"{exc.message}{tries} The platform may have applied it anyway; check before "
            "creating the action again."
        )
    return exc.message + tries


def internal_failure(exc: Exception, progress: Progress) -> Failed:
    """`internal_error` with a sentence saying what failed and whether anything was sent,
    without the exception's text (it may hold SQL, secrets or a stack)."""
    if isinstance(exc, InvalidToken):
        what = (
            "The stored platform session for this account could not be decrypted (was "
            "COUNTERSIGN_SECRET_KEY changed?); link the account again."
        )
    elif isinstance(exc, StorageError):
        what = f"The service's database failed while {progress.step}."
    else:
        what = f"An unexpected error inside the service stopped this action while {progress.step}."
    if progress.reached_platform:
        reason = (
            f"{what} The platform may have received it; check the account before creating "
            "the action again."
        )
    else:
        reason = f"{what} Nothing was sent to the platform."
    return Failed("internal_error", reason)
