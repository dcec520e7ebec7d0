"""`search_api` and `describe_endpoint`: two catalogues assembled into two MCP tools, run
through the same pipeline as every tool. Channel machinery only: the platform's routes and how
to call each are the actions' route guide (service/actions/execution/route_guide.py), our own
operations openapi.yaml's (service/http/operations.py). Here: which MCP tool runs each
operation, the two ranked together, and who may ask.

Both answer `missing_permission` to a test key, or to a workspace with no linked live
account, so the catalogue is for workspaces already using the service for real.
"""

from __future__ import annotations

import re
from typing import Any

import anyio.to_thread

from service.accounts.usecases import has_linked_account
from service.actions.execution.route_guide import describe_route, search_routes
from service.api.endpoint import Call, Endpoint, Reply
from service.domain.principal import Principal
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.http.operations import Operations
from service.http.spec import OpenApiDocument
from service.platform.routes import resolve
from service.ports import Store
from service.services import Services

MAX_RESULTS = 20
TOOLS = {
    "listAccounts": "list_accounts",
    "getAccount": "get_account",
    "listFans": "list_fans",
    "createAction": "create_action",
    "getAction": "get_action",
    "listActions": "list_actions",
    "cancelAction": "cancel_action",
    "createLink": "create_link",
    "getLink": "get_link",
    "getPlatformRoute": "call_platform",
}
"""The MCP tool that runs each of our operations (the others are REST only)."""


async def require_catalogue_access(store: Store, principal: Principal, tool: str) -> None:
    if principal.mode != "live":
        raise ApiError(
            ErrorCode.MISSING_PERMISSION,
            f"`{tool}` needs a live key; test keys cannot use it.",
            permission=tool,
        )
    if not await has_linked_account(store, principal.workspace_id, "live"):
        raise ApiError(
            ErrorCode.MISSING_PERMISSION,
            f"`{tool}` is available once the workspace has a linked live account.",
            permission=tool,
            hint="Link an account with a hosted link (create_link) first.",
        )


class Catalogue:
    def __init__(self, document: OpenApiDocument) -> None:
        self.operations = Operations(document, TOOLS)

    def search(self, query: str) -> dict[str, Any]:
        """The best MAX_RESULTS of both: by score, then platform routes before operations."""
        words = [w for w in re.split(r"\W+", query.lower()) if w]
        if not words:
            raise ApiError(
                ErrorCode.INVALID_PARAMETER, "`query` needs at least one word.", param="query"
            )
        found = [(score, 0, order, entry) for score, order, entry in search_routes(words)]
        found += [(s, 1, order, entry) for s, order, entry in self.operations.search(words)]
        ranked = sorted(found, key=lambda r: (-r[0], r[1], r[2]))[:MAX_RESULTS]
        return {"query": query, "results": [r[3] for r in ranked]}

    def describe(self, name: str) -> dict[str, Any]:
        if name in self.operations:
            return self.operations.describe(name)
        found = resolve(name) if " " in name.strip() else None
        if found is None:
            raise ApiError(
                ErrorCode.INVALID_PARAMETER,
                "No platform route or operation by that name; find one with search_api "
                "(e.g. `GET /vault/media`).",
                param="route",
            )
        return describe_route(found[0])


def _required(name: str, value: Any) -> str:
    if value is None or value == "":
        raise ApiError(ErrorCode.INVALID_PARAMETER, f"`{name}` is required.", param=name)
    return str(value)


def catalogue_tools(services: Services) -> tuple[Endpoint, Endpoint]:
    """search_api's and describe_endpoint's pipeline steps: MCP-only (no openapi.yaml
    operation to validate against, so they check their one argument themselves)."""
    catalogue = Catalogue(services.document)

    async def search(call: Call) -> Reply:
        await require_catalogue_access(call.services.store, call.principal, "search_api")
        query = _required("query", call.incoming.query.get("query"))
        # Bounded input keeps it to about a millisecond; a thread keeps it off the loop anyway.
        found = await anyio.to_thread.run_sync(catalogue.search, query)
        return Reply({"data": found, "meta": call.meta()})

    async def describe(call: Call) -> Reply:
        await require_catalogue_access(call.services.store, call.principal, "describe_endpoint")
        route = _required("route", call.incoming.query.get("route"))
        described = await anyio.to_thread.run_sync(catalogue.describe, route)
        return Reply({"data": described, "meta": call.meta()})

    return Endpoint(None, search), Endpoint(None, describe)
