"""What each error code says: its default message (the error body's `message`) and the
"what to do" hint of the errors docs page (`/docs/errors#<code>`), keyed by code. The table of
codes (codes.py) takes both from here, so the table reads as statuses and types at a glance."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

WORDING: Mapping[str, tuple[str, str]] = MappingProxyType(
    {
        # -- 400 invalid_request --------------------------------------------
        "invalid_parameter": (
            "A parameter has a value that is not accepted.",
            (
                "Look at error.param: it names the query parameter, header or body field "
                "(for example params.audience.fanIds) that failed. Fix that value and send "
                "the request again; an unchanged resend fails the same way. Unknown query "
                "parameters are ignored, but unknown body fields are refused."
            ),
        ),
        "invalid_cursor": (
            "The cursor was not returned by this list with these filters.",
            (
                "A cursor belongs to one list and one set of filters. Pass the nextCursor of "
                "the previous page back unchanged, with the same filters as that request, or "
                "omit cursor to start again from the first page."
            ),
        ),
        "idempotency_key_required": (
            "The Idempotency-Key header is required to create an action.",
            (
                "Send a new unique Idempotency-Key (a UUID works well) with each action you "
                "intend to create, and the same key when you retry that request. The key is "
                "what makes sure the action is created only once."
            ),
        ),
        "method_not_allowed": (
            "This method is not allowed on this path.",
            (
                "The Allow header lists the methods the path accepts. The REST interface only "
                "reads the platform: to change something on an account, create an action with "
                "POST /v1/accounts/{accountId}/actions and have it approved in the dashboard."
            ),
        ),
        "body_too_large": (
            "The request body is larger than this path accepts.",
            (
                "Bodies are refused before they are read, from Content-Length or as soon as a "
                "streamed body passes the limit: 1 MiB on /v1 and /mcp/ "
                "(COUNTERSIGN_MAX_BODY_BYTES), what the largest form needs on the dashboard and "
                "the hosted link page. Send a smaller body; no API call needs more."
            ),
        ),
        "body_timeout": (
            "The request body did not arrive in time.",
            (
                "A body must arrive whole within COUNTERSIGN_BODY_TIMEOUT seconds of the "
                "request's start; then the request is answered and the connection closed. "
                "Send the body at once, or check the network between you and the service."
            ),
        ),
        # -- 401 authentication ---------------------------------------------
        "missing_api_key": (
            "No API key was sent.",
            (
                "Send your key as Authorization: Bearer <API_KEY> or in the x-api-key header "
                "(x-service-api-key for the revenue pull). Keys are created in the dashboard "
                "and start with sk_live_ or sk_test_."
            ),
        ),
        "invalid_api_key": (
            "No API key matches the one sent.",
            (
                "Check that the whole key was copied, without spaces or quotes. Keys are shown "
                "only once at creation; if it is lost, create a new key in the dashboard."
            ),
        ),
        "revoked_api_key": (
            "This API key was revoked or rolled.",
            (
                "A revoked key, or the old key of a roll, stops working at once. Use the new "
                "key from the roll, or ask a workspace owner or admin to create one."
            ),
        ),
        "expired_api_key": (
            "This API key is past its expiry date.",
            (
                "The key had an expiry date that has passed. Create a new key in the dashboard "
                "and replace the old one where it is used."
            ),
        ),
        "not_signed_in": (
            "You are not signed in.",
            "Your dashboard session ended. Sign in again and repeat what you were doing.",
        ),
        # -- 403 permission -------------------------------------------------
        "missing_scope": (
            "This API key does not have the scope this call needs.",
            (
                "error.permission names the missing scope. Creating actions needs the write "
                "scope; use a key that has it, or create one in the dashboard."
            ),
        ),
        "writes_disabled": (
            "Writes are switched off for this account.",
            (
                "Reads keep working. An owner or admin of the workspace can switch writes on "
                "for the account in the dashboard; then create the action again."
            ),
        ),
        "missing_permission": (
            "You do not have permission to do this.",
            (
                "error.permission names what is missing. In the dashboard it is your workspace "
                "role: ask an owner or admin. For the revenue pull it is the account the key "
                "may not act as."
            ),
        ),
        "dashboard_key_only": (
            "Only the dashboard can approve or reject an action.",
            (
                "API keys and OAuth credentials create actions and read their status; they "
                "never run them. Send a person to the action's approvalUrl to approve or "
                "reject it, then poll the action or listen for its events."
            ),
        ),
        "test_key_live_setting": (
            "A test-mode key cannot change live settings.",
            (
                "Test keys change only test-mode settings (sandbox accounts' policies, test "
                "webhook endpoints, test keys). Use a live key with the admin scope, created by "
                "an owner, for the workspace default, live accounts, members and live keys."
            ),
        ),
        # -- 404 not_found --------------------------------------------------
        "account_not_found": (
            "No such account.",
            (
                "The account is not linked to this workspace, your key is limited to other "
                "accounts, or you used a test key with an account that is not a sandbox "
                "creator. List the accounts your key can see with GET /v1/accounts."
            ),
        ),
        "fan_not_found": (
            "No fan with this id on the account.",
            (
                "Fan ids are the fans' platform user ids. Find them with "
                "GET /v1/accounts/{accountId}/fans."
            ),
        ),
        "chat_not_found": (
            "No chat with this fan.",
            "A chat id is the fan's platform user id. The account has no chat with this fan yet.",
        ),
        "action_not_found": (
            "No such action.",
            (
                "There is no action with this id in the workspace. Action ids start with act_ "
                "and come from the response that created the action."
            ),
        ),
        "link_not_found": (
            "No such link.",
            (
                "There is no hosted link with this id in the workspace. Link ids start with "
                "link_ and come from POST /v1/links."
            ),
        ),
        "route_not_found": (
            "No route matches this method and path.",
            "Check the path against the API reference. REST paths start with /v1.",
        ),
        "workspace_not_found": (
            "No such workspace.",
            (
                "The workspace does not exist or you are not a member. Switch workspace, or "
                "ask an owner to invite you."
            ),
        ),
        "resource_not_found": (
            "Something the request refers to does not exist.",
            (
                "Check the ids in the request; error.param names the one that was not found "
                "when it is known."
            ),
        ),
        # -- 409 conflict ---------------------------------------------------
        "idempotency_conflict": (
            "This Idempotency-Key was already used with a different request.",
            (
                "A key belongs to one intended action, across the whole workspace and both "
                "modes, and never expires. Retry with exactly the same account, type and "
                "params, or use a new key for a new action."
            ),
        ),
        "action_not_pending": (
            "This action was already decided.",
            (
                "The action was already approved, rejected, run, failed or cancelled, so it "
                "cannot be decided again (nor cancelled once it runs). Read it with "
                "GET /v1/actions/{actionId} to see its status."
            ),
        ),
        "action_expired": (
            "This action expired before it was approved.",
            (
                "Pending actions expire 24 hours after creation. Create the action again with "
                "a new Idempotency-Key."
            ),
        ),
        "link_not_ready": (
            "The link is not at the step this request is for.",
            "Reload the link page and continue from the step it shows.",
        ),
        "last_owner": (
            "A workspace needs at least one owner.",
            "Make another member an owner first, then change or remove this one.",
        ),
        "precondition_failed": (
            "The setting changed since it was read.",
            (
                "The If-Match header named an ETag the setting no longer has: someone changed "
                "it after you read it. Read it again (GET answers the current ETag), apply your "
                "change to what it is now, and send it with the new ETag."
            ),
        ),
        # -- 409 account_unavailable ----------------------------------------
        "account_unavailable": (
            "The platform is not accepting calls for this account.",
            (
                "error.accountStatus says why (needs_relink, awaiting_2fa, awaiting_selfie, "
                "restricted or disconnected). Live reads and writes stop until the account "
                "is healthy again, for example after it is linked again; reads without "
                "fresh=true keep working. Do not retry until the account status changes."
            ),
        ),
        # -- 429 rate_limited -----------------------------------------------
        "rate_limited": (
            "Too many requests.",
            (
                "The key exceeded its rate limit. Wait the number of seconds in the "
                "Retry-After header, then retry."
            ),
        ),
        "write_limit_exceeded": (
            "The account's daily limit for this kind of action is reached.",
            (
                "The account's policy caps how many actions of these types may be asked for in "
                "any 24 hours (rejected, expired and cancelled ones do not count). Retry after "
                "the number of seconds in the Retry-After header, when the oldest counted "
                "action leaves the window, or ask an owner or admin to raise the limit."
            ),
        ),
        # -- 502 upstream ---------------------------------------------------
        "platform_error": (
            "The platform answered with an error.",
            "Retry after a short wait, or read synced data by leaving out fresh=true.",
        ),
        "platform_timeout": (
            "The platform did not answer in time.",
            "Retry after a short wait, or read synced data by leaving out fresh=true.",
        ),
        # -- 500 internal ---------------------------------------------------
        "internal_error": (
            "Something went wrong on our side.",
            (
                "Retry with a growing delay. For an action, retry with the same "
                "Idempotency-Key so it is created only once. If it keeps failing, contact "
                "support with the requestId. In test mode this is returned as 503 while the "
                "sandbox is briefly unavailable."
            ),
        ),
    }
)
