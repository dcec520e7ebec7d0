"""The Activity page: what an account's actions became per day (the figures of
`GET /v1/accounts/{id}/activity`, through the same use case and range rule), as server-drawn
SVG charts and a table; then what each member decided (filterable by member): decisions per
day and the median time from creation to their decision."""

from __future__ import annotations

from starlette.responses import Response

from service.actions.creation import rules_for
from service.actions.policies import resuming
from service.actions.policies.activity import account_activity
from service.actions.policies.activity_chart import OUTCOMES, charts, wait_text
from service.actions.policies.member_activity import member_activity
from service.actions.policies.suggesting import apply_suggestion, suggestions_in
from service.dashboard.web import Page, page
from service.domain.permissions import Permission


@page()
async def activity(p: Page) -> Response:
    q = p.request.query_params
    account_id = p.request.path_params["accountId"]
    found = await account_activity(
        p.services.store,
        p.principal,
        account_id,
        q.get("from") or None,
        q.get("to") or None,
        p.services.clock.now(),
    )
    member = (q.get("member") or "").strip()[:320] or None
    people = await member_activity(
        p.services.store,
        p.principal,
        account_id,
        q.get("from") or None,
        q.get("to") or None,
        p.services.clock.now(),
        member,
    )
    async with p.services.store.reading() as uow:
        deciders = [
            m for m in await uow.members.list(p.principal.workspace_id) if m.reaches(account_id)
        ]
        account = await uow.accounts.get(p.principal.workspace_id, account_id)
        assert account is not None  # account_activity found it visible
        suggested = await suggestions_in(uow, account, p.principal.mode, p.services.clock.now())
        rules = await rules_for(uow, account)
        others = await uow.accounts.list(
            p.principal.workspace_id,
            mode=p.principal.mode,
            only=p.principal.account_ids,
            limit=1000,
        )
    return await p.render(
        "activity.html",
        account=account,
        accounts=others,
        activity=found,
        totals=found.totals(),
        charts=charts(found.days),
        outcomes=OUTCOMES,
        wait_text=wait_text,
        people=people,
        deciders=deciders,
        member=member,
        suggested=suggested,
        rules=rules,
    )


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
