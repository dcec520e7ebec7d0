"""What can go wrong in a platform call, as our own API errors.

One base, `PlatformError`, carries the code and HTTP status our API answers with,
a sentence for people, and for `account_unavailable` the account status to move to. The API's
single error handler renders any of them; the executor records `code`/`message` on a failed
action; the syncer moves the account to `account_status` when it is set.

Two flags classify the failure for callers that decide what to do next:
- `retryable`: the same call may succeed later (timeouts, 5xx, 429, connection failures).
- `may_have_applied`: the platform may have done the write even though we got no success
  (a timeout or dropped connection after the request was sent, or a 5xx). An at-most-once
  executor must not resend such a write blindly.
"""

from __future__ import annotations

from typing import Any, ClassVar


class PlatformError(Exception):
    """Base of every platform-call failure; `code`/`status` are what our API answers."""

    code: str = "platform_error"
    status: int = 502
    account_status: str | None = None
    default_message: ClassVar[str] = "The platform answered with an error."

    def __init__(
        self,
        message: str | None = None,
        *,
        upstream_status: int | None = None,
        upstream_code: str | None = None,
        retryable: bool = False,
        may_have_applied: bool = False,
        retry_after: float | None = None,
    ) -> None:
        self.message = message or self.default_message
        self.retry_after = retry_after  # seconds the platform asked us to wait (Retry-After)
        super().__init__(self.message)
        self.upstream_status = upstream_status
        self.upstream_code = upstream_code
        self.retryable = retryable
        self.may_have_applied = may_have_applied

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(code={self.code!r}, message={self.message!r}, "
            f"upstream_status={self.upstream_status!r})"
        )


class PlatformUnavailable(PlatformError):
    """The platform answered with an error we do not map to anything more specific."""

    code = "platform_error"
    status = 502


class PlatformTimeout(PlatformError):
    """The platform did not answer in time (or the connection broke mid-call)."""

    code = "platform_timeout"
    status = 502
    default_message = "The platform did not answer in time."


class AccountUnavailable(PlatformError):
    """The platform is not accepting calls for this account (`account_unavailable`, 409)."""

    code = "account_unavailable"
    status = 409


class SessionExpired(AccountUnavailable):
    account_status = "needs_relink"
    default_message = "The platform session for this account expired. Link the account again."


class AccountRestricted(AccountUnavailable):
    account_status = "restricted"
    default_message = "The platform has restricted this account."


class NotFoundUpstream(PlatformError):
    """The platform has no such thing; `kind` says what (fan, user, chat, message, list...)."""

    code = "resource_not_found"
    status = 404
    _CODES: ClassVar[dict[str, str]] = {
        "fan": "fan_not_found",
        "user": "fan_not_found",
        "chat": "chat_not_found",
    }

    def __init__(
        self, message: str | None = None, *, kind: str | None = None, **kwargs: Any
    ) -> None:
        self.kind = kind
        self.code = self._CODES.get(kind or "", "resource_not_found")
        super().__init__(message or self._message_for(kind), **kwargs)

    @staticmethod
    def _message_for(kind: str | None) -> str:
        if kind in ("fan", "user"):
            return "The platform has no fan with this id on the account."
        if kind == "chat":
            return "The platform has no chat with this fan."
        return f"The platform has no such {(kind or 'resource').replace('_', ' ')}."
