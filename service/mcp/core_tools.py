"""MCP tools for accounts, fans, actions and links that each run one REST operation with the
arguments where REST takes them (service/mcp/declared.py), so validation, errors, scopes, key
limits, test mode and the rate limit are the same as over REST. Writes ask for a change:
create_action stores an action a person approves; it never runs one."""

from __future__ import annotations

from typing import Annotated, Any

from service.actions.decisions import NOTE_MAX
from service.actions.types import names as action_type_names
from service.api import accounts, actions, fans, links
from service.mcp.args import ACCOUNT, FRESH, PAGING, AccountId, arg, string
from service.mcp.declared import Arg, Declared

ActionId = Annotated[Any, arg("The action's id (act_...).", type="string")]
ACTION = Arg("actionId", "path", ActionId, required=True)

LIST_ACCOUNTS = Declared(
    "list_accounts",
    accounts.list_accounts,
    "List the linked accounts this key can see (sandbox creators with a test key).",
    PAGING,
)
GET_ACCOUNT = Declared(
    "get_account",
    accounts.get_account,
    "One account with counts, 30-day revenue and subscription price.",
    (ACCOUNT, FRESH),
)
LIST_FANS = Declared(
    "list_fans",
    fans.list_fans,
    "Fans of an account (synced by default).",
    (ACCOUNT, Arg("search", "query", string("Filter by name or username.")), *PAGING, FRESH),
)
CREATE_ACTION = Declared(
    "create_action",
    actions.create_action,
    "Ask for a write. It is stored `pending`; a person approves or rejects it in the\n"
    "        dashboard at `approvalUrl`, and only then does it run (at `runAt` when given). Agents\n"
    "        never approve. The account's policy may approve it at creation (an allowance):\n"
    "        it then answers `approved`, with `decidedBy.kind` `policy`, and runs with no one\n"
    "        to wait for. A shadow rule approves nothing but says in `shadow.wouldApprove`\n"
    "        whether it would have.",
    (
        ACCOUNT,
        Arg(
            "type",
            "body",
            Annotated[
                Any,
                arg(
                    "The action type. GET /v1/action-types lists each with its params schema; "
                    "describe_endpoint on a platform write names the type that performs it.",
                    type="string",
                    enum=list(action_type_names()),
                ),
            ],
            required=True,
        ),
        Arg(
            "params",
            "body",
            Annotated[
                Any,
                arg(
                    "The params of the type (describe_endpoint createAction shows each shape).",
                    type="object",
                ),
            ],
            required=True,
        ),
        Arg(
            "idempotencyKey",
            "header",
            string("A new unique value per intended action; a retry reuses it."),
            required=True,
            sent_as="idempotency-key",
        ),
        Arg(
            "runAt",
            "body",
            Annotated[
                Any,
                arg(
                    "Optional: run it at this time (RFC 3339, in the future, at most 30 days "
                    "ahead) instead of once approved; it is open for approval until then.",
                    type="string",
                    format="date-time",
                    maxLength=40,
                ),
            ],
        ),
    ),
    writes=True,
)
GET_ACTION = Declared(
    "get_action",
    actions.get_action,
    "One action and its status; poll it after creating.",
    (ACTION,),
)
CANCEL_ACTION = Declared(
    "cancel_action",
    actions.cancel_action,
    "Stop an action you asked for so that it never runs: a pending one, or an approved\n"
    "        one that has not started. Anything further along is a 409 (read it with get_action).",
    (
        ACTION,
        Arg(
            "note",
            "body",
            Annotated[
                Any,
                arg(
                    f"Why, kept as the action's decisionNote (up to {NOTE_MAX} characters).",
                    type="string",
                    maxLength=NOTE_MAX,
                ),
            ],
        ),
    ),
    writes=True,
)
LIST_ACTIONS = Declared(
    "list_actions",
    actions.list_actions,
    "Actions, newest first.",
    (
        Arg(
            "status",
            "query",
            string(
                "all (default), pending, approved, rejected, expired, executing, executed, "
                "failed or cancelled."
            ),
        ),
        Arg("accountId", "query", AccountId),
        *PAGING,
    ),
)
CREATE_LINK = Declared(
    "create_link",
    links.create_link,
    "A hosted link to send to a creator so they can link their account.",
    (
        Arg(
            "note", "body", string("Shown in the dashboard next to the link, up to 200 characters.")
        ),
    ),
    writes=True,
)
GET_LINK = Declared(
    "get_link",
    links.get_link,
    "A hosted link's status; `accountId` is set once connected.",
    (Arg("linkId", "path", string("The link's id (link_...)."), required=True),),
)
