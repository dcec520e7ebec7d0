"""The one table of error codes.

Every error the service returns is one of these codes. The table gives each code
its HTTP status, its ``error.type``, a default message, the "what to do" hint shown
on the errors docs page (``/docs/errors#<code>``), and whether only the dashboard
and the hosted link page return it.

``openapi.yaml`` lists the same codes in ``components/schemas/ErrorCode``;
``tests/test_openapi_errors.py`` keeps the two in step.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from types import MappingProxyType

import attrs

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
    message: str,
    hint: str,
    *,
    dashboard_only: bool = False,
    test_mode_status: int | None = None,
) -> tuple[ErrorCode, ErrorCodeInfo]:
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
            _row(
                _C.INVALID_PARAMETER,
                400,
                _T.INVALID_REQUEST,
                "A parameter has a value that is not accepted.",
                "Look at error.param: it names the query parameter, header or body field "
                "(for example params.audience.fanIds) that failed. Fix that value and send "
                "the request again; an unchanged resend fails the same way. Unknown query "
                "parameters are ignored, but unknown body fields are refused.",
            ),
            _row(
                _C.INVALID_CURSOR,
                400,
                _T.INVALID_REQUEST,
                "The cursor was not returned by this list with these filters.",
                "A cursor belongs to one list and one set of filters. Pass the nextCursor of "
                "the previous page back unchanged, with the same filters as that request, or "
                "omit cursor to start again from the first page.",
            ),
            _row(
                _C.IDEMPOTENCY_KEY_REQUIRED,
                400,
                _T.INVALID_REQUEST,
                "The Idempotency-Key header is required to create an action.",
                "Send a new unique Idempotency-Key (a UUID works well) with each action you "
                "intend to create, and the same key when you retry that request. The key is "
                "what makes sure the action is created only once.",
            ),
            _row(
                _C.METHOD_NOT_ALLOWED,
                405,
                _T.INVALID_REQUEST,
                "This method is not allowed on this path.",
                "The Allow header lists the methods the path accepts. The REST interface only "
                "reads the platform: to change something on an account, create an action with "
                "POST /v1/accounts/{accountId}/actions and have it approved in the dashboard.",
            ),
            _row(
                _C.BODY_TOO_LARGE,
                413,
                _T.INVALID_REQUEST,
                "The request body is larger than this path accepts.",
                "Bodies are refused before they are read, from Content-Length or as soon as a "
                "streamed body passes the limit: 1 MiB on /v1 and /mcp/ "
                "(COUNTERSIGN_MAX_BODY_BYTES), what the largest form needs on the dashboard and "
                "the hosted link page. Send a smaller body; no API call needs more.",
            ),
            _row(
                _C.BODY_TIMEOUT,
                408,
                _T.INVALID_REQUEST,
                "The request body did not arrive in time.",
                "A body must arrive whole within COUNTERSIGN_BODY_TIMEOUT seconds of the "
                "request's start; then the request is answered and the connection closed. "
                "Send the body at once, or check the network between you and the service.",
            ),
            # -- 401 authentication --------------------------------------------------
            _row(
                _C.MISSING_API_KEY,
                401,
                _T.AUTHENTICATION,
                "No API key was sent.",
                "Send your key as Authorization: Bearer <API_KEY> or in the x-api-key header "
                "(x-service-api-key for the revenue pull). Keys are created in the dashboard "
                "and start with sk_live_ or sk_test_.",
            ),
            _row(
                _C.INVALID_API_KEY,
                401,
                _T.AUTHENTICATION,
                "No API key matches the one sent.",
                "Check that the whole key was copied, without spaces or quotes. Keys are shown "
                "only once at creation; if it is lost, create a new key in the dashboard.",
            ),
            _row(
                _C.REVOKED_API_KEY,
                401,
                _T.AUTHENTICATION,
                "This API key was revoked or rolled.",
                "A revoked key, or the old key of a roll, stops working at once. Use the new "
                "key from the roll, or ask a workspace owner or admin to create one.",
            ),
            _row(
                _C.EXPIRED_API_KEY,
                401,
                _T.AUTHENTICATION,
                "This API key is past its expiry date.",
                "The key had an expiry date that has passed. Create a new key in the dashboard "
                "and replace the old one where it is used.",
            ),
            _row(
                _C.NOT_SIGNED_IN,
                401,
                _T.AUTHENTICATION,
                "You are not signed in.",
                "Your dashboard session ended. Sign in again and repeat what you were doing.",
                dashboard_only=True,
            ),
            # -- 403 permission ------------------------------------------------------
            _row(
                _C.MISSING_SCOPE,
                403,
                _T.PERMISSION,
                "This API key does not have the scope this call needs.",
                "error.permission names the missing scope. Creating actions needs the write "
                "scope; use a key that has it, or create one in the dashboard.",
            ),
            _row(
                _C.WRITES_DISABLED,
                403,
                _T.PERMISSION,
                "Writes are switched off for this account.",
                "Reads keep working. An owner or admin of the workspace can switch writes on "
                "for the account in the dashboard; then create the action again.",
            ),
            _row(
                _C.MISSING_PERMISSION,
                403,
                _T.PERMISSION,
                "You do not have permission to do this.",
                "error.permission names what is missing. In the dashboard it is your workspace "
                "role: ask an owner or admin. For the revenue pull it is the account the key "
                "may not act as.",
            ),
            _row(
                _C.DASHBOARD_KEY_ONLY,
                403,
                _T.PERMISSION,
                "Only the dashboard can approve or reject an action.",
                "API keys and OAuth credentials create actions and read their status; they "
                "never run them. Send a person to the action's approvalUrl to approve or "
                "reject it, then poll the action or listen for its events.",
            ),
            _row(
                _C.TEST_KEY_LIVE_SETTING,
                403,
                _T.PERMISSION,
                "A test-mode key cannot change live settings.",
                "Test keys change only test-mode settings (sandbox accounts' policies, test "
                "webhook endpoints, test keys). Use a live key with the admin scope, created by "
                "an owner, for the workspace default, live accounts, members and live keys.",
            ),
            # -- 404 not_found -------------------------------------------------------
            _row(
                _C.ACCOUNT_NOT_FOUND,
                404,
                _T.NOT_FOUND,
                "No such account.",
                "The account is not linked to this workspace, your key is limited to other "
                "accounts, or you used a test key with an account that is not a sandbox "
                "creator. List the accounts your key can see with GET /v1/accounts.",
            ),
            _row(
                _C.FAN_NOT_FOUND,
                404,
                _T.NOT_FOUND,
                "No fan with this id on the account.",
                "Fan ids are the fans' platform user ids. Find them with "
                "GET /v1/accounts/{accountId}/fans.",
            ),
            _row(
                _C.CHAT_NOT_FOUND,
                404,
                _T.NOT_FOUND,
                "No chat with this fan.",
                "A chat id is the fan's platform user id. The account has no chat with this "
                "fan yet.",
            ),
            _row(
                _C.ACTION_NOT_FOUND,
                404,
                _T.NOT_FOUND,
                "No such action.",
                "There is no action with this id in the workspace. Action ids start with act_ "
                "and come from the response that created the action.",
            ),
            _row(
                _C.LINK_NOT_FOUND,
                404,
                _T.NOT_FOUND,
                "No such link.",
                "There is no hosted link with this id in the workspace. Link ids start with "
                "link_ and come from POST /v1/links.",
            ),
            _row(
                _C.ROUTE_NOT_FOUND,
                404,
                _T.NOT_FOUND,
                "No route matches this method and path.",
                "Check the path against the API reference. REST paths start with /v1.",
            ),
            _row(
                _C.WORKSPACE_NOT_FOUND,
                404,
                _T.NOT_FOUND,
                "No such workspace.",
                "The workspace does not exist or you are not a member. Switch workspace, or "
                "ask an owner to invite you.",
                dashboard_only=True,
            ),
            _row(
                _C.RESOURCE_NOT_FOUND,
                404,
                _T.NOT_FOUND,
                "Something the request refers to does not exist.",
                "Check the ids in the request; error.param names the one that was not found "
                "when it is known.",
            ),
            # -- 409 conflict --------------------------------------------------------
            _row(
                _C.IDEMPOTENCY_CONFLICT,
                409,
                _T.CONFLICT,
                "This Idempotency-Key was already used with a different request.",
                "A key belongs to one intended action, across the whole workspace and both "
                "modes, and never expires. Retry with exactly the same account, type and "
                "params, or use a new key for a new action.",
            ),
            _row(
                _C.ACTION_NOT_PENDING,
                409,
                _T.CONFLICT,
                "This action was already decided.",
                "The action was already approved, rejected, run, failed or cancelled, so it "
                "cannot be decided again (nor cancelled once it runs). Read it with "
                "GET /v1/actions/{actionId} to see its status.",
            ),
            _row(
                _C.ACTION_EXPIRED,
                409,
                _T.CONFLICT,
                "This action expired before it was approved.",
                "Pending actions expire 24 hours after creation. Create the action again with "
                "a new Idempotency-Key.",
            ),
            _row(
                _C.LINK_NOT_READY,
                409,
                _T.CONFLICT,
                "The link is not at the step this request is for.",
                "Reload the link page and continue from the step it shows.",
                dashboard_only=True,
            ),
            _row(
                _C.LAST_OWNER,
                409,
                _T.CONFLICT,
                "A workspace needs at least one owner.",
                "Make another member an owner first, then change or remove this one.",
            ),
            _row(
                _C.PRECONDITION_FAILED,
                412,
                _T.CONFLICT,
                "The setting changed since it was read.",
                "The If-Match header named an ETag the setting no longer has: someone changed "
                "it after you read it. Read it again (GET answers the current ETag), apply your "
                "change to what it is now, and send it with the new ETag.",
            ),
            # -- 409 account_unavailable ---------------------------------------------
            _row(
                _C.ACCOUNT_UNAVAILABLE,
                409,
                _T.ACCOUNT_UNAVAILABLE,
                "The platform is not accepting calls for this account.",
                "error.accountStatus says why (needs_relink, awaiting_2fa, awaiting_selfie, "
                "restricted or disconnected). Live reads and writes stop until the account "
                "is healthy again, for example after it is linked again; reads without "
                "fresh=true keep working. Do not retry until the account status changes.",
            ),
            # -- 429 rate_limited ----------------------------------------------------
            _row(
                _C.RATE_LIMITED,
                429,
                _T.RATE_LIMITED,
                "Too many requests.",
                "The key exceeded its rate limit. Wait the number of seconds in the "
                "Retry-After header, then retry.",
            ),
            _row(
                _C.WRITE_LIMIT_EXCEEDED,
                429,
                _T.RATE_LIMITED,
                "The account's daily limit for this kind of action is reached.",
                "The account's policy caps how many actions of these types may be asked for in "
                "any 24 hours (rejected, expired and cancelled ones do not count). Retry after "
                "the number of seconds in the Retry-After header, when the oldest counted "
                "action leaves the window, or ask an owner or admin to raise the limit.",
            ),
            # -- 502 upstream --------------------------------------------------------
            _row(
                _C.PLATFORM_ERROR,
                502,
                _T.UPSTREAM,
                "The platform answered with an error.",
                "Retry after a short wait, or read synced data by leaving out fresh=true.",
            ),
            _row(
                _C.PLATFORM_TIMEOUT,
                502,
                _T.UPSTREAM,
                "The platform did not answer in time.",
                "Retry after a short wait, or read synced data by leaving out fresh=true.",
            ),
            # -- 500 internal --------------------------------------------------------
            _row(
                _C.INTERNAL_ERROR,
                500,
                _T.INTERNAL,
                "Something went wrong on our side.",
                "Retry with a growing delay. For an action, retry with the same "
                "Idempotency-Key so it is created only once. If it keeps failing, contact "
                "support with the requestId. In test mode this is returned as 503 while the "
                "sandbox is briefly unavailable.",
                test_mode_status=503,
            ),
        ]
    )
)


def lookup(code: str) -> ErrorCodeInfo:
    """The row of ``code``; raises ``KeyError`` for a code not in the table."""
    try:
        return ERROR_CODES[ErrorCode(code)]
    except ValueError:
        raise KeyError(code) from None
