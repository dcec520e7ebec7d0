"""Accounts (with the writes switch), hosted links, and API keys."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from starlette.responses import Response

from service.accounts import usecases as account_cases
from service.actions.policies import allowances
from service.actions.policies.policy_rule import FIELDS, Rules, stored_rules
from service.actions.policies.suggesting import suggestions_in
from service.actions.policies.usecases import account_policy
from service.actions.types import by_family
from service.dashboard.web import Page, json_reply, page
from service.domain.permissions import Permission
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.keys import usecases as key_cases
from service.keys.model import MODES, SCOPES
from service.linking import usecases as link_cases
from service.linking.render import link_json


def _or(own: Rules | None, default: Rules) -> Rules:
    """An account's own rules (even none), else the workspace default it follows."""
    return default if own is None else own


RELINK = ("needs_relink", "awaiting_2fa", "awaiting_selfie", "disconnected")


# --- accounts ---------------------------------------------------------------------------
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
        default = stored_rules(workspace.policy if workspace is not None else None) or ()
        own = {a.id: stored_rules(a.policy) for a in rows}
        used = {
            a.id: await allowances.uses(uow, a.workspace_id, a.id, _or(own[a.id], default), now)
            for a in rows
        }
        suggested = {a.id: await suggestions_in(uow, a, p.principal.mode, now) for a in rows}
        # Each daily limit with its use over the last 24 hours: why an agent got a 429.
        limits = {a.id: (await account_policy(uow, a, now))["limits"] for a in rows}
        default_limits = await uow.accounts.limits(p.principal.workspace_id, "") or []
    return await p.render(
        "accounts.html",
        accounts=rows,
        allowance_uses=used,
        suggested=suggested,
        limits=limits,
        default_limits=list(default_limits),
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


# --- links ------------------------------------------------------------------------------
@page()
async def links(p: Page) -> Response:
    services, principal = p.services, p.principal
    async with services.store.reading() as uow:
        rows = await uow.links.recent(principal.workspace_id, principal.mode)
    now, url, tokens = services.clock.now(), services.settings.public_url, services.link_tokens
    # A link that became an account outside a member's assignments is not theirs to see.
    shown = [
        link_json(link, url, now, tokens)
        for link in rows
        if link.account_id is None or principal.allows(link.account_id)
    ]
    created = next((link for link in shown if link["id"] == p.flash.get("link")), None)
    return await p.render("links.html", links=shown, created=created)


@page(Permission.LINKS_CREATE)
async def create_link(p: Page) -> Response:
    link = await link_cases.create_link(
        p.services.store,
        p.services.clock,
        p.principal,
        p.field("note") or None,
        creator_message=p.field("message") or None,
        tokens=p.services.link_tokens,
    )
    return p.redirect("/dashboard/links", link=link.id, notice="Link created.")


@page(Permission.LINKS_CREATE)
async def cancel_link(p: Page) -> Response:
    await link_cases.cancel_link(
        p.services.store,
        p.services.clock,
        p.principal,
        p.request.path_params["linkId"],
    )
    return p.redirect("/dashboard/links")


@page()
async def link_status(p: Page) -> Response:
    async with p.services.store.reading() as uow:
        link = await uow.links.get(p.principal.workspace_id, p.request.path_params["linkId"])
    if link is None or (link.account_id is not None and not p.principal.allows(link.account_id)):
        raise ApiError(ErrorCode.LINK_NOT_FOUND, param="linkId")
    return json_reply(
        p,
        link_json(
            link, p.services.settings.public_url, p.services.clock.now(), p.services.link_tokens
        ),
    )


# --- API keys ---------------------------------------------------------------------------
@page()
async def keys(p: Page) -> Response:
    async with p.services.store.reading() as uow:
        rows = await uow.keys.list(p.principal.workspace_id)
        accounts_ = await uow.accounts.list(
            p.principal.workspace_id, only=p.principal.account_ids, limit=1000
        )
    rows = sorted(rows, key=lambda k: (k.revoked_at is not None, -k.created_at.timestamp()))
    return await p.render(
        "keys.html",
        keys=rows,
        secret=p.flash.get("secret"),
        accounts=accounts_,
        modes=MODES,
        # `admin` (the settings over /v1) is offered to owners only: only they may make one.
        scopes=[s for s in SCOPES if s != "admin" or p.principal.role == "owner"],
        now=p.services.clock.now(),
    )


@page(Permission.KEYS_MANAGE)
async def create_key(p: Page) -> Response:
    assert p.form is not None
    key, secret = await key_cases.create_key(
        p.services.store,
        p.services.clock,
        p.principal,
        name=p.field("name"),
        scopes=[str(s) for s in p.form.getlist("scopes")],
        mode=p.field("mode"),
        account_ids=[str(a) for a in p.form.getlist("accounts")],
        expires_at=expiry(p.field("expires"), p.field("zone")),
    )
    return p.redirect("/dashboard/keys", secret=secret, notice=f"Key “{key.name}” created.")


def expiry(value: str, zone: str) -> dt.datetime | None:
    """A local date and time in the zone the browser reported (UTC without one); the use case
    refuses one that is not in the future."""
    if not value:
        return None
    try:
        tz = ZoneInfo(zone) if zone else dt.UTC
    except (ZoneInfoNotFoundError, ValueError):
        raise ApiError(
            ErrorCode.INVALID_PARAMETER, f"Unknown time zone {zone!r}.", param="zone"
        ) from None
    try:
        local = dt.datetime.fromisoformat(value)
    except ValueError:
        raise ApiError(
            ErrorCode.INVALID_PARAMETER,
            "Expiry must be a date and time (YYYY-MM-DDTHH:MM).",
            param="expires",
        ) from None
    return (local.replace(tzinfo=tz) if local.tzinfo is None else local).astimezone(dt.UTC)


@page(Permission.KEYS_MANAGE)
async def revoke_key(p: Page) -> Response:
    key = await key_cases.revoke_key(
        p.services.store, p.services.clock, p.principal, p.request.path_params["keyId"]
    )
    return p.redirect("/dashboard/keys", notice=f"Key “{key.name}” revoked.")


@page(Permission.KEYS_MANAGE)
async def roll_key(p: Page) -> Response:
    old_id = p.request.path_params["keyId"]
    key, secret = await key_cases.roll_key(p.services.store, p.services.clock, p.principal, old_id)
    return p.redirect(
        "/dashboard/keys",
        secret=secret,
        notice=f"Key “{key.name}” rolled: the old one stopped working.",
    )
