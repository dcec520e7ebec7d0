"""The approvals inbox, the action page (the `approvalUrl`), and deciding without JavaScript."""

from __future__ import annotations

import datetime as dt
from typing import Any

from starlette.responses import Response

from service.accounts.model import Account
from service.actions.ask_again import request_again
from service.actions.decisions import cancel_action, decide_action, refusal
from service.actions.model import Action
from service.actions.policies.edits import EDITABLE
from service.actions.policies.usecases import limit_uses
from service.actions.reach import present
from service.actions.render import action_json
from service.actions.transitions import STATUSES
from service.actions.types import REGISTRY, type_of
from service.actions.types import names as action_types
from service.chat.outbox import show_counted
from service.dashboard.web import Page, json_reply, page
from service.domain.access import reaches
from service.domain.messages import platform_html
from service.domain.permissions import Permission
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.http.paging import Pager, by_time_and_id
from service.ports import UnitOfWork

INBOX_PAGE = 50
PENDING_SHOWN = 100
"""Pending actions listed at once, the soonest to expire first (more: the page says so)."""
BATCH_MAX = 100


async def _action(p: Page) -> Action:
    """A member sees only their own workspace's actions (any mode: the page says which)."""
    action_id = p.request.path_params["actionId"]
    async with p.services.store.reading() as uow:
        action = await uow.actions.get(p.principal.workspace_id, action_id)
    if action is None or not reaches(p.principal, action.account_id, action.mode):
        raise ApiError(ErrorCode.ACTION_NOT_FOUND, param="actionId")
    return present(action, p.services.clock)


@page()
async def inbox(p: Page) -> Response:
    q, services, principal = p.request.query_params, p.services, p.principal
    status = q.get("status", "pending")
    status = status if status in STATUSES or status == "all" else "pending"
    type_ = q.get("type") if q.get("type") in action_types() else None
    account_id = q.get("accountId") or None
    only = principal.account_ids  # a member assigned to some accounts sees only theirs
    filters = {"status": status, "type": type_ or "", "accountId": account_id or ""}
    bound = {**filters, "mode": principal.mode, "workspace": principal.workspace_id}
    pager = Pager(services.cursors, "inbox", bound, INBOX_PAGE, by_time_and_id)
    before = pager.start(q.get("older") or None)
    now = services.clock.now()
    more_pending = False
    async with services.store.reading() as uow:
        if status == "pending":  # what needs a decision: the soonest to expire first
            rows = await uow.actions.pending_by_expiry(
                principal.workspace_id,
                mode=principal.mode,
                now=now,
                account_id=account_id,
                type_=type_,
                limit=PENDING_SHOWN + 1,
                only_accounts=only,
            )
            more_pending, rows = len(rows) > PENDING_SHOWN, rows[:PENDING_SHOWN]
        else:
            rows = await uow.actions.list(
                principal.workspace_id,
                mode=principal.mode,
                status=None if status == "all" else status,
                account_id=account_id,
                type_=type_,
                only_accounts=only,
                before=before,
                limit=INBOX_PAGE + 1,
                now=now,
            )
        counts = await uow.actions.pending_counts(
            principal.workspace_id, mode=principal.mode, now=now, only_accounts=only
        )
        accounts = await uow.accounts.list(principal.workspace_id, mode=principal.mode, only=only)
    names = {a.id: a.username for a in accounts}
    older = None
    if status != "pending":
        paged = pager.page(rows, lambda a: [a.created_at.isoformat(), a.id])
        rows, older = paged.items, paged.cursor
    actions = [present(a, services.clock) for a in rows]
    return await p.render(
        "inbox.html",
        actions=actions,
        shown={a.id: a.summary for a in actions},
        accounts=accounts,
        names=names,
        now=now,
        filters=filters,
        older=older,
        pending_counts=counts,
        pending_total=sum(counts.values()),
        more_pending=more_pending,
        can_decide=p.can(Permission.ACTIONS_DECIDE),
        statuses=("all", *STATUSES),
        types=action_types(),
    )


@page(Permission.ACTIONS_DECIDE)
async def decide_many(p: Page) -> Response:
    """Approve or reject exactly the actions ticked in the inbox: each decided on its own (its
    own conditional write, event and audit entry), each outcome shown, nothing "all matching"."""
    assert p.form is not None
    chosen = list(dict.fromkeys(str(v) for v in p.form.getlist("actionId")))
    if not chosen:
        raise ApiError(ErrorCode.INVALID_PARAMETER, "Tick at least one action.", param="actionId")
    if len(chosen) > BATCH_MAX:
        raise ApiError(
            ErrorCode.INVALID_PARAMETER,
            f"Decide at most {BATCH_MAX} actions at once.",
            param="actionId",
        )
    approve = p.field("decision") == "approve"
    services = p.services
    if approve and p.field("confirmed") != "yes":
        warned = await _warned(p, chosen)
        if warned:  # nothing is approved until the person has read the warnings
            return await p.render(
                "batch_confirm.html", warned=warned, chosen=chosen, total=len(chosen)
            )
    outcomes = []
    for action_id in chosen:
        try:
            decided = await decide_action(
                services.store,
                services.clock,
                p.principal,
                action_id,
                approve=approve,
                note=None,
                wake_executor=services.wake_executor,
            )
            await show_counted(
                services.store,
                action_id,
                decided.status,
                chat_on=services.settings.chat_enabled,
                wake_poster=services.wake_poster,
            )
            outcomes.append(
                {"id": action_id, "ok": True, "status": decided.status, "summary": decided.summary}
            )
        except ApiError as error:
            outcomes.append(
                {"id": action_id, "ok": False, "code": error.code, "message": error.message}
            )
    done = sum(1 for o in outcomes if o["ok"])
    return await p.render(
        "batch.html", outcomes=outcomes, approve=approve, done=done, total=len(outcomes)
    )


async def _warned(p: Page, chosen: list[str]) -> list[tuple[Action, str]]:
    """The chosen actions still pending that carry warnings (reasons they may fail once
    approved): approving several at once must not hide what the action page would show."""
    async with p.services.store.reading() as uow:
        found = [await uow.actions.get(p.principal.workspace_id, i) for i in chosen]
        warned = [
            a
            for a in (
                present(f, p.services.clock)
                for f in found
                if f is not None and reaches(p.principal, f.account_id, f.mode)
            )
            if a.status == "pending" and a.warnings
        ]
    return [(a, a.summary) for a in warned]


@page()
async def action_page(p: Page) -> Response:
    action = await _action(p)
    now = p.services.clock.now()
    async with p.services.store.reading() as uow:
        account = await uow.accounts.get(action.workspace_id, action.account_id)
        fans = await fan_names(uow, action)
        context = await approval_context(uow, action)
        # A daily limit of this type near its end: one more approval may be the last today.
        near = (
            [
                use.to_json()
                for use in await limit_uses(uow, account, now)
                if action.type in use.limit.types and use.used >= NEAR_LIMIT * use.limit.per_day
            ]
            if account is not None and action.status == "pending"
            else []
        )
    lists = (
        {str(item["id"]): str(item["name"]) for item in (account.fan_lists or [])}
        if account is not None
        else {}
    )
    blocked = blocked_reason(action, account, now, p.can(Permission.ACTIONS_DECIDE))
    refused = None if blocked else refusal(p.principal, action, approve=True)
    # Under an admins-only rule a member may not reject either: both buttons say why.
    if refused is not None and refused.permission == Permission.ACTIONS_DECIDE_RESTRICTED:
        blocked, refused = refused.message, None
    approve_blocked = refused.message if refused is not None else None
    return await p.render(
        "action.html",
        action=action,
        summary=action.summary,
        account=account,
        now=now,
        fans=fans,
        lists=lists,
        context=context,
        type_description=type_of(action.type).description if action.type in REGISTRY else None,
        near_limits=near,
        warnings=list(getattr(action, "warnings", None) or []),
        blocked=blocked,
        approve_blocked=approve_blocked,
        editable=not blocked and not approve_blocked and bool(EDITABLE & set(action.params)),
    )


NEAR_LIMIT = 0.8
"""A daily limit this used (of `perDay`) is shown on the action page."""


def blocked_reason(
    action: Action, account: Account | None, now: dt.datetime, can_decide: bool
) -> str | None:
    """Why Approve and Reject cannot succeed right now, in words; None when they can."""
    if action.status != "pending":
        who = (action.decided_by or {}).get("name")
        return f"Already {action.status}{f' (decided by {who})' if who else ''}."
    if action.expires_at <= now:
        return "This action expired; nothing will be sent."
    if not can_decide:
        return "Your role cannot approve or reject actions."
    if account is None:
        return "The account is no longer linked."
    if account.unavailable:
        reason = f": {account.status_reason}" if account.status_reason else ""
        return (
            f"@{account.username} is {account.status.replace('_', ' ')}{reason}. "
            "Relink it before approving."
        )
    if not account.writes_enabled:
        return (
            f"Writes are switched off for @{account.username}. An owner or admin can "
            "switch them on on the Accounts page."
        )
    return None


async def fan_names(uow: UnitOfWork, action: Action) -> dict[str, str]:
    """Fans the action names, by their synced username and name (up to 50)."""
    prm = action.params or {}
    ids = ([prm["fanId"]] if isinstance(prm.get("fanId"), str) else []) + [
        f for f in (prm.get("audience") or {}).get("fanIds", []) if isinstance(f, str)
    ]
    found = await uow.fans.get_many(action.workspace_id, action.account_id, ids[:50])
    return {
        fan.id: f"{fan.name} (@{fan.username})" if fan.name else f"@{fan.username}" for fan in found
    }


@page(Permission.ACTIONS_DECIDE)
async def decide(p: Page) -> Response:
    """The no-JavaScript path; the page's script calls POST /v1/actions/{id}/approve|reject."""
    action_id = p.request.path_params["actionId"]
    approve = p.field("decision") == "approve"
    note = p.field("note") or None
    services = p.services
    decided = await decide_action(
        services.store,
        services.clock,
        p.principal,
        action_id,
        approve=approve,
        note=note,
        wake_executor=services.wake_executor,
    )
    await show_counted(
        services.store,
        action_id,
        decided.status,
        chat_on=services.settings.chat_enabled,
        wake_poster=services.wake_poster,
    )
    return p.redirect(
        f"/dashboard/actions/{action_id}",
        notice=f"You {'approved' if approve else 'rejected'} this action.",
    )


@page(Permission.ACTIONS_DECIDE)
async def cancel(p: Page) -> Response:
    """The no-JavaScript path; the page's script calls POST /v1/actions/{id}/cancel."""
    action_id = p.request.path_params["actionId"]
    services = p.services
    await cancel_action(
        services.store,
        services.clock,
        p.principal,
        action_id,
        note=None,
        wake_deliverer=services.wake_deliverer,
    )
    return p.redirect(
        f"/dashboard/actions/{action_id}", notice="You cancelled this action; it will not run."
    )


@page()
async def action_json_route(p: Page) -> Response:
    """What the action page polls to follow an approved action to executed or failed."""
    action = await _action(p)
    now = p.services.clock.now()
    return json_reply(p, action_json(action, p.services.settings.public_url, now))


@page(Permission.ACTIONS_DECIDE)
async def ask_again(p: Page) -> Response:
    """The no-JavaScript path; the page's script calls POST /v1/actions/{id}/request-again."""
    services = p.services
    created = await request_again(
        services.store,
        services.clock,
        p.principal,
        p.request.path_params["actionId"],
    )
    return p.redirect(
        f"/dashboard/actions/{created.action.id}",
        notice="You asked for this action again; someone else approves it.",
    )


@page()
async def preview(p: Page) -> Response:
    """The edit form's live preview: the text exactly as it would be sent (safe HTML). The form
    itself approves with POST /v1/actions/{id}/approve and `params` (app.js)."""
    text = p.field("text")
    html = platform_html(text) if text else ""
    return json_reply(p, {"html": html})


async def approval_context(uow: UnitOfWork, action: Action) -> dict[str, Any]:
    kind = REGISTRY.get(action.type)
    if kind is None or kind.approval is None:
        return {}
    return await kind.approval(uow, action)
