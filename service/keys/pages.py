"""The API keys page: create (the secret shown once), revoke, roll."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from starlette.responses import Response

from service.dashboard.web import Page, page
from service.domain.permissions import Permission
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.keys import usecases as key_cases
from service.keys.model import MODES, SCOPES


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
