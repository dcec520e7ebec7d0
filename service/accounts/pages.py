"""The Accounts page: each account with its policy's use, and the writes switch."""

from __future__ import annotations

from starlette.responses import Response

from service.accounts import usecases as account_cases
from service.actions.policies import allowances
from service.actions.policies.limits import limits_json, stored_limits
from service.actions.policies.policy_rule import FIELDS, rules_of, stored_rules
from service.actions.policies.suggesting import suggestions_in
from service.actions.policies.usecases import account_policy
from service.actions.types import by_family
from service.dashboard.web import Page, page
from service.domain.permissions import Permission

RELINK = ("needs_relink", "awaiting_2fa", "awaiting_selfie", "disconnected")


@page()
async def accounts(p: Page) -> Response:
    now = p.services.clock.now()
    async with p.services.store.reading() as uow:
        rows = await uow.accounts.list(
            p.principal.workspace_id,
            mode=p.principal.mode,
            only=p.principal.account_ids,
            limit=1000,
        )
        workspace = await uow.workspaces.get(p.principal.workspace_id)
        default_json = workspace.policy if workspace is not None else None
        default = stored_rules(default_json) or ()
        own = {a.id: stored_rules(a.policy) for a in rows}
        used = {
            a.id: await allowances.uses(
                uow, a.workspace_id, a.id, rules_of(a.policy, default_json) or (), now
            )
            for a in rows
        }
        suggested = {a.id: await suggestions_in(uow, a, p.principal.mode, now) for a in rows}
        # Each daily limit with its use over the last 24 hours: why an agent got a 429.
        limits = {a.id: (await account_policy(uow, a, now))["limits"] for a in rows}
        default_limits = stored_limits(await uow.accounts.limits(p.principal.workspace_id, ""))
    return await p.render(
        "accounts.html",
        accounts=rows,
        allowance_uses=used,
        suggested=suggested,
        limits=limits,
        default_limits=limits_json(default_limits),
        relink=RELINK,
        default_rules=default,
        own_rules=own,
        rule_fields=FIELDS,
        families=by_family(),
    )


@page(Permission.ACCOUNTS_WRITES)
async def switch_writes(p: Page) -> Response:
    account_id, enabled = p.request.path_params["accountId"], p.field("enabled") == "on"
    account = await account_cases.switch_writes(
        p.services.store, p.services.clock, p.principal, account_id, enabled
    )
    return p.redirect(
        "/dashboard/accounts",
        notice=f"Writes are {'on' if enabled else 'off'} for @{account.username}.",
    )


@page(Permission.ACCOUNTS_WRITES)
async def switch_all_writes(p: Page) -> Response:
    """The workspace-wide kill switch: every account, live and test, at once."""
    enabled = p.field("enabled") == "on"
    await account_cases.switch_all_writes(p.services.store, p.services.clock, p.principal, enabled)
    return p.redirect(
        "/dashboard/accounts",
        notice=f"Writes are {'on' if enabled else 'off'} for every account of the workspace.",
    )
