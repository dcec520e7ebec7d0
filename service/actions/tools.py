"""The actions' MCP tools. Most run one REST operation with the arguments where REST takes them
(service/mcp/declared.py), so validation, errors, scopes, key limits, test mode and the rate
limit are the same as over REST. Writes ask for a change: create_action stores an action a
person approves; it never runs one. wait_for_action runs getAction's `?wait=` with progress."""

from __future__ import annotations

from typing import Annotated, Any

from mcp.server.mcpserver import Context
from mcp.server.mcpserver.tools import Tool
from mcp_types import CallToolResult

from service.actions import rest as actions
from service.actions.decisions import NOTE_MAX
from service.actions.policies import rest as policy_rest
from service.actions.rest import action_types
from service.actions.types import names as action_type_names
from service.api.endpoint import endpoint_of
from service.http.spec import OpenApiDocument
from service.mcp.args import ACCOUNT, PAGING, AccountId, arg, string
from service.mcp.calls import run_tool
from service.mcp.declared import READ, Arg, Declared, declared_tool
from service.mcp.tool_defs import make_tool
from service.services import Services

ActionId = Annotated[Any, arg("The action's id (act_...).", type="string")]
ACTION = Arg("actionId", "path", ActionId, required=True)

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
ACTIVITY = Declared(
    "get_account_activity",
    policy_rest.get_account_activity,
    "Per day: actions created, approved by a person or by an allowance, rejected, expired,\n"
    "        cancelled and failed, and the median wait for a decision (default: the last 30 days;\n"
    "        at most 90). An error names REST's `from` and `to` for `fromDate` and `toDate`.",
    (
        ACCOUNT,
        Arg("fromDate", "query", string("First day, YYYY-MM-DD (UTC)."), sent_as="from"),
        Arg("toDate", "query", string("Last day, YYYY-MM-DD (UTC), included."), sent_as="to"),
    ),
)
"""What an account's actions became, per day, as REST's GET /v1/accounts/{accountId}/activity
answers it, so an agent can see how much its allowance and limits let through without a person."""

WAIT_DEFAULT = 30
"""wait_for_action's default: under the 60-second request timeout common MCP clients use."""


def wait_for_action_tool(services: Services) -> Tool:
    """wait_for_action: getAction with `?wait=`, reporting progress while a person decides."""

    async def wait_for_action(
        ctx: Context,
        actionId: ActionId = None,
        until: Annotated[
            Any,
            arg(
                "decided (default): until it is no longer pending; finished: until it is "
                "executed, failed, rejected, expired or cancelled.",
                type="string",
            ),
        ] = None,
        timeoutSeconds: Annotated[
            Any, arg("Seconds to wait at most, 1 to 60 (default 30).", type="integer")
        ] = None,
    ) -> CallToolResult:
        """Wait for a person to decide on an action (or for it to finish running), then return
        it; after timeoutSeconds it is returned as it stands: check `status` and call again.
        Sends progress notifications while waiting when the call carries a progress token."""

        async def progress(elapsed: float, total: float) -> None:
            await ctx.report_progress(
                round(elapsed, 1), total, "Waiting for a person to decide in the dashboard."
            )

        return await run_tool(
            services,
            ctx,
            "wait_for_action",
            endpoint_of(actions.get_action),
            path={"actionId": actionId},
            query={
                "wait": WAIT_DEFAULT if timeoutSeconds is None else timeoutSeconds,
                "until": until,
            },
            progress=progress,
        )

    return make_tool(wait_for_action, annotations=READ, required=["actionId"])


def create_action_tool(services: Services) -> Tool:
    """create_action, its `params` described per type."""
    tool = declared_tool(services, CREATE_ACTION)
    tool.parameters["allOf"] = params_by_type(services.document)
    return tool


def params_by_type(document: OpenApiDocument) -> list[dict[str, Any]]:
    """create_action's `params` as each type's own schema (the one GET /v1/action-types
    answers): `if type is X then params is X's params`, so an agent's client sees the exact
    shape of every write instead of a bare object."""
    return [
        {
            "if": {"properties": {"type": {"const": kind["type"]}}, "required": ["type"]},
            "then": {"properties": {"params": kind["params"]}},
        }
        for kind in action_types(document)
    ]
