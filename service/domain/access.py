"""The one permission check every use case makes for itself, whichever channel called it."""

from __future__ import annotations

from service.domain.permissions import PERMISSION_WORDS, Permission, allowed
from service.domain.principal import Principal
from service.error_codes import ErrorCode
from service.errors import ApiError


def holder(principal: Principal) -> str:
    """The row of the role table that applies: a person's role, else the caller's kind."""
    return principal.role or principal.kind


def require(principal: Principal, permission: Permission) -> None:
    if not allowed(holder(principal), permission):
        raise ApiError(
            ErrorCode.MISSING_PERMISSION,
            f"As a {holder(principal)} you cannot {PERMISSION_WORDS[permission]}.",
            permission=permission.value,
        )


def reaches(principal: Principal, account_id: str, mode: str | None = None) -> bool:
    """Whether the caller may know that an account (or an action of it, in `mode`) exists:
    the one check of every channel's reads and decisions. A key or a person limited to some
    accounts (a `member` assigned to them) reaches only those, and anything else is answered
    `404` as another workspace's would be; a person sees either mode (the page says which),
    a key only its own."""
    if not principal.allows(account_id):
        return False
    return mode is None or principal.kind == "user" or mode == principal.mode
