"""What one run of an action came to, as the executor hands it to `lifecycle.finish`: done,
failed, or not sent at all (so it may wait for another attempt)."""

from __future__ import annotations

from typing import Any

from attrs import frozen

from service.accounts.model import Account


@frozen
class Executed:
    """The platform did it: `result` as the action type defines it (docs/actions.md)."""

    result: dict[str, Any]


@frozen
class Failed:
    """The action did not run, or the platform refused it: `code` and a sentence for people.

    `account_status` (with `account_was`, the account as it was when the action ran) moves the
    account when the platform said it is unavailable."""

    code: str
    message: str
    account_status: str | None = None
    account_was: Account | None = None

    def error(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message}


@frozen
class Unsent:
    """The platform surely received nothing (refused connection, 429/503): the action waits
    for its next attempt (retries.Patience), or fails saying nothing was sent."""

    code: str
    message: str
    attempts: int
    """Sends made in this run, all refused."""
    retry_after: float | None = None

    def error(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message}


Outcome = Executed | Failed | Unsent
