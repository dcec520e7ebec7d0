"""The one table of error codes.

Every error the service returns is one of these codes. The table gives each code
its HTTP status, its ``error.type``, and whether only the dashboard and the hosted
link page return it; its default message and the "what to do" hint shown on the
errors docs page (``/docs/errors#<code>``) are in wording.py.

``openapi.yaml`` lists the same codes in ``components/schemas/ErrorCode``;
``tests/test_openapi_errors.py`` keeps the two in step.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from types import MappingProxyType

import attrs

from service.errors.wording import WORDING

DOCS_PATH = "/docs/errors"
"""Path of the errors docs page; each code has an anchor ``#<code>`` on it."""


class ErrorType(enum.StrEnum):
    """``error.type``: the family of an error. It decides the HTTP status."""

    INVALID_REQUEST = "invalid_request"
    AUTHENTICATION = "authentication"
    PERMISSION = "permission"
    NOT_FOUND = "not_found"
    CONFLICT = "conflict"
    ACCOUNT_UNAVAILABLE = "account_unavailable"
    RATE_LIMITED = "rate_limited"
    UPSTREAM = "upstream"
    INTERNAL = "internal"


class ErrorCode(enum.StrEnum):
    """``error.code``: the stable code clients branch on. Order is the errors page's."""

    INVALID_PARAMETER = "invalid_parameter"
    INVALID_CURSOR = "invalid_cursor"
    IDEMPOTENCY_KEY_REQUIRED = "idempotency_key_required"
    METHOD_NOT_ALLOWED = "method_not_allowed"
    BODY_TOO_LARGE = "body_too_large"
    BODY_TIMEOUT = "body_timeout"
    MISSING_API_KEY = "missing_api_key"
    INVALID_API_KEY = "invalid_api_key"
    REVOKED_API_KEY = "revoked_api_key"
    EXPIRED_API_KEY = "expired_api_key"
    NOT_SIGNED_IN = "not_signed_in"
    MISSING_SCOPE = "missing_scope"
    WRITES_DISABLED = "writes_disabled"
    MISSING_PERMISSION = "missing_permission"
    DASHBOARD_KEY_ONLY = "dashboard_key_only"
    TEST_KEY_LIVE_SETTING = "test_key_live_setting"
    ACCOUNT_NOT_FOUND = "account_not_found"
    FAN_NOT_FOUND = "fan_not_found"
    CHAT_NOT_FOUND = "chat_not_found"
    ACTION_NOT_FOUND = "action_not_found"
    LINK_NOT_FOUND = "link_not_found"
    ROUTE_NOT_FOUND = "route_not_found"
    WORKSPACE_NOT_FOUND = "workspace_not_found"
    RESOURCE_NOT_FOUND = "resource_not_found"
    IDEMPOTENCY_CONFLICT = "idempotency_conflict"
    ACTION_NOT_PENDING = "action_not_pending"
    ACTION_EXPIRED = "action_expired"
    LINK_NOT_READY = "link_not_ready"
    LAST_OWNER = "last_owner"
    PRECONDITION_FAILED = "precondition_failed"
    ACCOUNT_UNAVAILABLE = "account_unavailable"
    RATE_LIMITED = "rate_limited"
    WRITE_LIMIT_EXCEEDED = "write_limit_exceeded"
    PLATFORM_ERROR = "platform_error"
    PLATFORM_TIMEOUT = "platform_timeout"
    INTERNAL_ERROR = "internal_error"

    @property
    def info(self) -> ErrorCodeInfo:
        return ERROR_CODES[self]

    @property
    def status(self) -> int:
        return ERROR_CODES[self].status

    @property
    def type(self) -> ErrorType:
        return ERROR_CODES[self].type


@attrs.frozen
class ErrorCodeInfo:
    """One row of the table."""

    code: ErrorCode
    status: int
    type: ErrorType
    message: str
    hint: str
    dashboard_only: bool = False
    test_mode_status: int | None = None
    """Status used instead of ``status`` for test-mode requests, when it differs."""

    def status_for(self, *, test_mode: bool) -> int:
        if test_mode and self.test_mode_status is not None:
            return self.test_mode_status
        return self.status

    @property
    def docs_anchor(self) -> str:
        return f"{DOCS_PATH}#{self.code.value}"

    def docs_url(self, base_url: str) -> str:
        """Absolute link to this code on the errors page, e.g. for ``error.docsUrl``."""
        return base_url.rstrip("/") + self.docs_anchor


def _row(
    code: ErrorCode,
    status: int,
    type_: ErrorType,
    *,
    dashboard_only: bool = False,
    test_mode_status: int | None = None,
) -> tuple[ErrorCode, ErrorCodeInfo]:
    message, hint = WORDING[code.value]
    info = ErrorCodeInfo(
        code=code,
        status=status,
        type=type_,
        message=message,
        hint=hint,
        dashboard_only=dashboard_only,
        test_mode_status=test_mode_status,
    )
    return code, info


_C = ErrorCode
_T = ErrorType

ERROR_CODES: Mapping[ErrorCode, ErrorCodeInfo] = MappingProxyType(
    dict(
        [
            # -- 400 invalid_request -------------------------------------------------
            _row(_C.INVALID_PARAMETER, 400, _T.INVALID_REQUEST),
            _row(_C.INVALID_CURSOR, 400, _T.INVALID_REQUEST),
            _row(_C.IDEMPOTENCY_KEY_REQUIRED, 400, _T.INVALID_REQUEST),
            _row(_C.METHOD_NOT_ALLOWED, 405, _T.INVALID_REQUEST),
            _row(_C.BODY_TOO_LARGE, 413, _T.INVALID_REQUEST),
            _row(_C.BODY_TIMEOUT, 408, _T.INVALID_REQUEST),
            # -- 401 authentication --------------------------------------------------
            _row(_C.MISSING_API_KEY, 401, _T.AUTHENTICATION),
            _row(_C.INVALID_API_KEY, 401, _T.AUTHENTICATION),
            _row(_C.REVOKED_API_KEY, 401, _T.AUTHENTICATION),
            _row(_C.EXPIRED_API_KEY, 401, _T.AUTHENTICATION),
            _row(_C.NOT_SIGNED_IN, 401, _T.AUTHENTICATION, dashboard_only=True),
            # -- 403 permission ------------------------------------------------------
            _row(_C.MISSING_SCOPE, 403, _T.PERMISSION),
            _row(_C.WRITES_DISABLED, 403, _T.PERMISSION),
            _row(_C.MISSING_PERMISSION, 403, _T.PERMISSION),
            _row(_C.DASHBOARD_KEY_ONLY, 403, _T.PERMISSION),
            _row(_C.TEST_KEY_LIVE_SETTING, 403, _T.PERMISSION),
            # -- 404 not_found -------------------------------------------------------
            _row(_C.ACCOUNT_NOT_FOUND, 404, _T.NOT_FOUND),
            _row(_C.FAN_NOT_FOUND, 404, _T.NOT_FOUND),
            _row(_C.CHAT_NOT_FOUND, 404, _T.NOT_FOUND),
            _row(_C.ACTION_NOT_FOUND, 404, _T.NOT_FOUND),
            _row(_C.LINK_NOT_FOUND, 404, _T.NOT_FOUND),
            _row(_C.ROUTE_NOT_FOUND, 404, _T.NOT_FOUND),
            _row(_C.WORKSPACE_NOT_FOUND, 404, _T.NOT_FOUND, dashboard_only=True),
            _row(_C.RESOURCE_NOT_FOUND, 404, _T.NOT_FOUND),
            # -- 409 conflict --------------------------------------------------------
            _row(_C.IDEMPOTENCY_CONFLICT, 409, _T.CONFLICT),
            _row(_C.ACTION_NOT_PENDING, 409, _T.CONFLICT),
            _row(_C.ACTION_EXPIRED, 409, _T.CONFLICT),
            _row(_C.LINK_NOT_READY, 409, _T.CONFLICT, dashboard_only=True),
            _row(_C.LAST_OWNER, 409, _T.CONFLICT),
            _row(_C.PRECONDITION_FAILED, 412, _T.CONFLICT),
            # -- 409 account_unavailable ---------------------------------------------
            _row(_C.ACCOUNT_UNAVAILABLE, 409, _T.ACCOUNT_UNAVAILABLE),
            # -- 429 rate_limited ----------------------------------------------------
            _row(_C.RATE_LIMITED, 429, _T.RATE_LIMITED),
            _row(_C.WRITE_LIMIT_EXCEEDED, 429, _T.RATE_LIMITED),
            # -- 502 upstream --------------------------------------------------------
            _row(_C.PLATFORM_ERROR, 502, _T.UPSTREAM),
            _row(_C.PLATFORM_TIMEOUT, 502, _T.UPSTREAM),
            # -- 500 internal --------------------------------------------------------
            _row(_C.INTERNAL_ERROR, 500, _T.INTERNAL, test_mode_status=503),
        ]
    )
)


def lookup(code: str) -> ErrorCodeInfo:
    """The row of ``code``; raises ``KeyError`` for a code not in the table."""
    try:
        return ERROR_CODES[ErrorCode(code)]
    except ValueError:
        raise KeyError(code) from None
