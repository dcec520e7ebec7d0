"""Which action type performs each platform write route, and how a caller runs any catalogued
route. Each registry entry declares the routes it performs (`performs`); this module turns that
into a lookup by route, so the platform's catalogue stays a plain table that knows nothing of
actions, while search_api, describe_endpoint and the live route's 405 hint name a type for
every write."""

from __future__ import annotations

from attrs import frozen

from service.actions.types import REGISTRY, Source
from service.platform.route_model import PlatformRoute
from service.platform.routes import ROUTES, match


@frozen
class ActionMapping:
    """The action type that performs a write route, and where each of its params goes."""

    type: str
    params: tuple[Source, ...]


def _performed_by() -> dict[str, ActionMapping]:
    found: dict[str, ActionMapping] = {}
    for kind in REGISTRY.values():
        for use in kind.performs:
            if use.route not in ROUTES:
                raise ValueError(f"{kind.name} performs {use.route}, which is not catalogued")
            if use.route in found:
                raise ValueError(f"{use.route} is performed by two action types")
            found[use.route] = ActionMapping(kind.name, use.params)
    return found


PERFORMED_BY = _performed_by()


def action_for(route: PlatformRoute) -> ActionMapping | None:
    """The action type performing a write route (None for reads)."""
    return PERFORMED_BY.get(route.name)


def how_to_call(found: PlatformRoute) -> str:
    """How a caller of Countersign runs this route: reads live, writes as an approved action."""
    if not found.is_write:
        return (
            f"Read it live: GET /v1/accounts/{{accountId}}/platform{found.template} with "
            "`:params` in the path (MCP: call_platform with `route`, `pathParams`, `query`)."
        )
    action = action_for(found)
    if action is None:
        return (
            f"Not available: no action type performs {found.name}, and Countersign writes to "
            "the platform only through actions a person approves."
        )
    mapping = "; ".join(
        f"{p.param} ← {p.source}" + (f" ({p.note})" if p.note else "") for p in action.params
    )
    return (
        f"Create a `{action.type}` action: POST /v1/accounts/{{accountId}}/actions "
        f"(MCP: create_action) with params {mapping}. A person approves it in the dashboard "
        "before it runs."
    )


def write_hint(method: str, path: str) -> str:
    """What a refused write on the read-only platform route should do instead."""
    found = match(method, path)
    if found is not None:
        return how_to_call(found[0])
    return (
        "The platform route only reads. Changes go through actions: POST "
        "/v1/accounts/{accountId}/actions (MCP: create_action); search_api and "
        "describe_endpoint say which platform writes an action type performs."
    )
