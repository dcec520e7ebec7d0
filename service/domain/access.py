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
