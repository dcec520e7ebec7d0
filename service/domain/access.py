"""The one permission check every use case makes for itself, whichever channel called it."""

from __future__ import annotations

from service.domain.permissions import OWNER_POWERS, PERMISSION_WORDS, Permission, allowed
from service.domain.principal import Principal
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode

ADMIN_SCOPE = "admin"


def holder(principal: Principal) -> str:
    """The row of the role table that applies: a person's role, else the caller's kind (a key
    with the `admin` scope has a row of its own)."""
    if principal.role:
        return principal.role
    if principal.kind == "api_key" and ADMIN_SCOPE in principal.scopes:
        return "admin_key"
    return principal.kind


def has_owner_powers(principal: Principal) -> bool:
    return holder(principal) in OWNER_POWERS


def require(principal: Principal, permission: Permission) -> None:
    if not allowed(holder(principal), permission):
        raise ApiError(
            ErrorCode.MISSING_PERMISSION,
            f"As a {holder(principal)} you cannot {PERMISSION_WORDS[permission]}.",
            permission=permission.value,
        )


def require_mode(principal: Principal, mode: str) -> None:
    """A test-mode key never changes a live setting (live accounts' policies, the workspace
    default, members, live keys); people and the CLI are not bound by a mode."""
    if principal.kind == "api_key" and principal.mode == "test" and mode == "live":
        raise ApiError(
            ErrorCode.TEST_KEY_LIVE_SETTING,
            "A test-mode key cannot change live settings; use a live key with the admin scope.",
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
