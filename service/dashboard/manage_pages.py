"""Accounts (with the writes switch), hosted links, and API keys."""

from __future__ import annotations

import datetime as dt

from starlette.responses import Response

from service.api.errors import ApiError
from service.dashboard.web import Page, json_reply, page
from service.domain.models import MODES, SCOPES
from service.render import link_json
from service.usecases import accounts as account_cases
from service.usecases import links as link_cases
from service.usecases import workspaces
from service.usecases.audit import record

RELINK = ("needs_relink", "awaiting_2fa", "awaiting_selfie", "disconnected")


# --- accounts ---------------------------------------------------------------------------
@page()
async def accounts(p: Page, notice: str | None = None) -> Response:
    async with p.services.store.reading() as uow:
        rows = await uow.accounts.list(p.principal.workspace_id, mode=p.principal.mode,
                                       limit=1000)
    return await p.render("accounts.html", accounts=rows, relink=RELINK,
                          notice=notice or p.request.query_params.get("done"))


@page("accounts.writes")
async def switch_writes(p: Page) -> Response:
    account_id, enabled = p.request.path_params["accountId"], p.field("enabled") == "on"
    await account_cases.switch_writes(p.services.store, p.services.clock, p.principal,
                                      account_id, enabled)
    return p.redirect(f"/dashboard/accounts?done=writes-{'on' if enabled else 'off'}")


@page("accounts.writes")
async def switch_all_writes(p: Page) -> Response:
    """The workspace-wide kill switch: every account, live and test, at once."""
    enabled = p.field("enabled") == "on"
    await account_cases.switch_all_writes(p.services.store, p.services.clock, p.principal,
                                          enabled)
    return p.redirect(f"/dashboard/accounts?done=all-writes-{'on' if enabled else 'off'}")


# --- links ------------------------------------------------------------------------------
async def _links(p: Page, created=None, status: int = 200) -> Response:
    services, principal = p.services, p.principal
    async with services.store.reading() as uow:
        rows = await uow.links.recent(principal.workspace_id, principal.mode)
    now, url, tokens = services.clock.now(), services.settings.public_url, services.link_tokens
    return await p.render("links.html", status=status,
                          links=[link_json(link, url, now, tokens) for link in rows],
                          created=link_json(created, url, now, tokens) if created else None)


@page()
async def links(p: Page) -> Response:
    return await _links(p)


@page("links.create")
async def create_link(p: Page) -> Response:
    note = p.field("note") or None
    if note is not None and len(note) > 200:
        raise ApiError("invalid_parameter", "The note can be at most 200 characters.",
                       param="note")
    link = await link_cases.create_link(p.services.store, p.services.clock,
                                        p.principal.workspace_id, p.principal.mode, note,
                                        tokens=p.services.link_tokens)
    return await _links(p, created=link, status=201)


@page("links.create")
async def cancel_link(p: Page) -> Response:
    await link_cases.cancel_link(p.services.store, p.services.clock, p.principal.workspace_id,
                                 p.request.path_params["linkId"])
    return p.redirect("/dashboard/links")


@page()
async def link_status(p: Page) -> Response:
    async with p.services.store.reading() as uow:
        link = await uow.links.get(p.principal.workspace_id, p.request.path_params["linkId"])
    if link is None:
        raise ApiError("link_not_found", param="linkId")
    return json_reply(p, link_json(link, p.services.settings.public_url, p.services.clock.now(),
                                   p.services.link_tokens))


# --- API keys ---------------------------------------------------------------------------
async def _keys(p: Page, secret: str | None = None, status: int = 200) -> Response:
    async with p.services.store.reading() as uow:
        rows = await uow.keys.list(p.principal.workspace_id)
        accounts_ = await uow.accounts.list(p.principal.workspace_id, limit=1000)
    rows = sorted(rows, key=lambda k: (k.revoked_at is not None, -k.created_at.timestamp()))
    return await p.render("keys.html", status=status, keys=rows, secret=secret,
                          accounts=accounts_, modes=MODES, scopes=SCOPES,
                          now=p.services.clock.now())


@page()
async def keys(p: Page) -> Response:
    return await _keys(p)


@page("keys.manage")
async def create_key(p: Page) -> Response:
    assert p.form is not None
    name = p.field("name")
    if not 1 <= len(name) <= 200:
        raise ApiError("invalid_parameter", "Give the key a name (up to 200 characters).",
                       param="name")
    scopes = [s for s in p.form.getlist("scopes") if s in SCOPES] or ["read"]
    mode = p.field("mode")
    if mode not in MODES:
        raise ApiError("invalid_parameter", "Mode must be live or test.", param="mode")
    account_ids = [str(a) for a in p.form.getlist("accounts") if a] or None
    expires_at = _expiry(p.field("expires"), p.services.clock.now())
    key, secret = await workspaces.create_key(
        p.services.store, p.services.clock, p.principal.workspace_id, name=name, scopes=scopes,
        mode=mode, account_ids=account_ids, expires_at=expires_at)
    await record(p.services.store, p.services.clock, p.principal, "key.created", key.id,
                 name=name, mode=mode, scopes=scopes)
    return await _keys(p, secret=secret, status=201)


def _expiry(value: str, now: dt.datetime) -> dt.datetime | None:
    if not value:
        return None
    try:
        day = dt.date.fromisoformat(value)
    except ValueError:
        raise ApiError("invalid_parameter", "Expiry must be a date (YYYY-MM-DD).",
                       param="expires") from None
    at = dt.datetime.combine(day, dt.time(), tzinfo=dt.UTC)
    if at <= now:
        raise ApiError("invalid_parameter", "Expiry must be in the future.", param="expires")
    return at


@page("keys.manage")
async def revoke_key(p: Page) -> Response:
    key = await workspaces.revoke_key(p.services.store, p.services.clock,
                                      p.principal.workspace_id, p.request.path_params["keyId"])
    await record(p.services.store, p.services.clock, p.principal, "key.revoked", key.id,
                 name=key.name)
    return p.redirect("/dashboard/keys")


@page("keys.manage")
async def roll_key(p: Page) -> Response:
    old_id = p.request.path_params["keyId"]
    key, secret = await workspaces.roll_key(p.services.store, p.services.clock,
                                            p.principal.workspace_id, old_id)
    await record(p.services.store, p.services.clock, p.principal, "key.rolled", key.id,
                 name=key.name, replaced=old_id)
    return await _keys(p, secret=secret, status=201)
