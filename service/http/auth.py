"""API keys to principals: header parsing, hash lookup, and every auth error code."""

from __future__ import annotations

import hmac
from collections.abc import Mapping

from service.domain.clock import Clock
from service.domain.ids import hash_secret
from service.domain.principal import Principal
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.http.key_touches import KeyTouches
from service.keys.model import ApiKey
from service.keys.repository import ReadAlong
from service.ports import Store, UnitOfWork


def presented_key(headers: Mapping[str, str], header: str | None = None) -> str:
    """The one key a request presents. An empty header counts as absent (a client template
    sending `x-api-key: ` must not void the Bearer key beside it); two different keys are
    refused as `invalid_api_key` rather than one silently winning, so a revoked, bogus or
    other-mode key is never ignored beside a valid one."""
    value = _both_headers(headers) if header is None else (headers.get(header) or "").strip()
    if not value:
        where = f"in the `{header}` header" if header else "as `Authorization: Bearer <API_KEY>`"
        raise ApiError(ErrorCode.MISSING_API_KEY, hint=f"Send the key {where}.")
    return value


def _both_headers(headers: Mapping[str, str]) -> str:
    in_header = (headers.get("x-api-key") or "").strip()
    authorization = (headers.get("authorization") or "").strip()
    if not authorization:
        return in_header
    scheme, _, token = authorization.partition(" ")
    bearer = token.strip()
    if scheme.lower() == "bearer" and not bearer:
        return in_header  # `Bearer` with nothing after it is an empty header: absent
    if scheme.lower() != "bearer":
        if in_header:  # another scheme (a proxy's Basic credentials) is not a key of ours
            return in_header
        raise ApiError(
            ErrorCode.INVALID_API_KEY,
            "Send the key as `Authorization: Bearer <API_KEY>` or in the `x-api-key` header.",
        )
    if in_header and not hmac.compare_digest(in_header.encode(), bearer.encode()):
        raise ApiError(
            ErrorCode.INVALID_API_KEY,
            "Two different keys were sent (`Authorization: Bearer` and `x-api-key`).",
            hint="Send one key, in one of the two headers.",
        )
    return bearer


async def principal_for_key(
    store: Store,
    clock: Clock,
    secret: str,
    reader: UnitOfWork | None = None,
    touches: KeyTouches | None = None,
    along: ReadAlong | None = None,
) -> Principal:
    """Look the key up (in `reader`, the request's own unit of work, when given, with the row
    `along` names read in the same statement). The use is noted in `touches` and written after
    the request; without `touches` (CLI, tests) it is written here, after the read has closed,
    so one caller never holds two connections."""
    digest = hash_secret(secret)
    if reader is not None:
        key = await reader.keys.get_by_hash(digest, along)
    else:
        async with store.reading() as uow:
            key = await uow.keys.get_by_hash(digest)
    if key is None or not hmac.compare_digest(key.secret_hash, digest):
        raise ApiError(ErrorCode.INVALID_API_KEY)
    now = clock.now()
    if key.revoked_at is not None:
        raise ApiError(
            ErrorCode.REVOKED_API_KEY, "This key was revoked or rolled; use its replacement."
        )
    if key.expires_at is not None and key.expires_at <= now:
        raise ApiError(ErrorCode.EXPIRED_API_KEY)
    if touches is not None:
        if touches.due(key.last_used_at, now):
            touches.note(key.id, now)
    elif reader is None and KeyTouches(store).due(key.last_used_at, now):
        async with store.transaction() as uow:
            await uow.keys.touch(key.id, now)
    return principal_of(key)


def principal_of(key: ApiKey) -> Principal:
    return Principal(
        workspace_id=key.workspace_id,
        mode=key.mode,
        kind="api_key",
        label=key.name,
        scopes=frozenset(key.scopes),
        account_ids=key.account_ids,
        key_id=key.id,
    )
