"""Earning and taking back autonomy from the dashboard: apply a policy suggestion (an allowance
in shadow, then live) and resume a paused allowance, from the Activity and Accounts pages."""

from __future__ import annotations

from starlette.responses import Response

from service.actions.policies import resuming
from service.actions.policies.suggesting import apply_suggestion
from service.dashboard.web import Page, page
from service.domain.permissions import Permission

BACK = {"activity": "/dashboard/accounts/{id}/activity", "accounts": "/dashboard/accounts#{id}"}


def _back(p: Page, account_id: str) -> str:
    return BACK.get(p.field("back"), BACK["accounts"]).format(id=account_id)


@page(Permission.POLICIES_MANAGE)
async def apply(p: Page) -> Response:
    account_id = p.request.path_params["accountId"]
    type_, stage = p.field("type"), p.field("stage")
    await apply_suggestion(
        p.services.store,
        p.services.clock,
        p.principal,
        account_id,
        type_,
        stage,
        p.field("kind") or None,
    )
    done = "runs in shadow: it approves nothing yet" if stage == "shadow" else "is on"
    return p.redirect(_back(p, account_id), notice=f"The suggested rule for {type_} {done}.")


@page(Permission.POLICIES_MANAGE)
async def resume(p: Page) -> Response:
    account_id = p.request.path_params["accountId"]
    account = await resuming.resume(
        p.services.store, p.services.clock, p.principal, account_id, p.field("rule")
    )
    return p.redirect(
        _back(p, account_id), notice=f"The allowance of @{account.username} is on again."
    )
