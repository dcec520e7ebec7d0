"""API keys over /v1 (an admin key, or a session): create, list, revoke, roll. The rules are
service/keys/usecases.py's: only an owner makes an admin key, a key makes none with more scopes
or accounts than its own, a test key touches only test keys. A secret is answered once."""

from __future__ import annotations

import datetime as dt
from typing import Any

from service.api.endpoint import Call, Reply, endpoint
from service.domain.clock import isoformat, parse_instant
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.keys import usecases as keys
from service.keys.model import ApiKey


def key_json(key: ApiKey) -> dict[str, Any]:
    return {
        "id": key.id,
        "name": key.name,
        "prefix": key.prefix,
        "mode": key.mode,
        "scopes": list(key.scopes),
        "accountIds": list(key.account_ids) if key.account_ids is not None else None,
        "createdAt": isoformat(key.created_at),
        "expiresAt": isoformat(key.expires_at),
        "lastUsedAt": isoformat(key.last_used_at),
        "revokedAt": isoformat(key.revoked_at),
    }


@endpoint("listApiKeys", scope="admin", auth="key_or_session")
async def list_api_keys(call: Call) -> Reply:
    async with call.services.store.reading() as uow:
        rows = await uow.keys.list(call.principal.workspace_id)
    shown = [key_json(k) for k in rows if k.revoked_at is None]
    return Reply({"data": shown, "meta": call.meta()})


@endpoint("createApiKey", scope="admin", auth="key_or_session")
async def create_api_key(call: Call) -> Reply:
    body = call.params.body
    key, secret = await keys.create_key(
        call.services.store,
        call.services.clock,
        call.principal,
        name=body["name"],
        scopes=body["scopes"],
        mode=body.get("mode", call.principal.mode),
        account_ids=body.get("accountIds"),
        expires_at=_instant(body.get("expiresAt")),
    )
    return Reply({"data": {**key_json(key), "secret": secret}, "meta": call.meta()}, status=201)


def _instant(text: str | None) -> dt.datetime | None:
    if text is None:
        return None
    try:
        return parse_instant(text)
    except ValueError:
        raise ApiError(
            ErrorCode.INVALID_PARAMETER,
            "`expiresAt` is an RFC 3339 time with its offset (2027-01-31T00:00:00Z).",
            param="expiresAt",
        ) from None


@endpoint("revokeApiKey", scope="admin", auth="key_or_session")
async def revoke_api_key(call: Call) -> Reply:
    key = await keys.revoke_key(
        call.services.store, call.services.clock, call.principal, call.params.path["keyId"]
    )
    return Reply({"data": key_json(key), "meta": call.meta()})


@endpoint("rollApiKey", scope="admin", auth="key_or_session")
async def roll_api_key(call: Call) -> Reply:
    key, secret = await keys.roll_key(
        call.services.store, call.services.clock, call.principal, call.params.path["keyId"]
    )
    return Reply({"data": {**key_json(key), "secret": secret}, "meta": call.meta()}, status=201)
