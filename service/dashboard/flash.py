"""One-shot messages that survive a post/redirect/get: a secret shown once, a notice, an error.

Kept in an encrypted, http-only cookie (the service's secret box), never in a URL and never in
the database, so any replica can show it. It is bound to the session that made it, dies after
two minutes, and the first full page load takes it (live refreshes leave it alone).
"""

from __future__ import annotations

import json
from typing import Any

from cryptography.fernet import InvalidToken
from starlette.requests import Request
from starlette.responses import Response

from service.services import Services

COOKIE = "cs_flash"
LIFETIME_SECONDS = 120
PURPOSE = "countersign.flash"


def put(response: Response, services: Services, session_id: str | None, **data: Any) -> None:
    payload = {
        "purpose": PURPOSE,
        "sid": session_id,
        "at": services.clock.now().timestamp(),
        "data": {k: v for k, v in data.items() if v is not None},
    }
    token = services.secrets.seal(json.dumps(payload)).decode()
    response.set_cookie(
        COOKIE,
        token,
        max_age=LIFETIME_SECONDS,
        httponly=True,
        samesite="strict",
        secure=not services.settings.development,
        path="/dashboard",
    )


def peek(request: Request, services: Services, session_id: str | None) -> dict[str, Any] | None:
    """The flash meant for this session, or None (missing, tampered, stale or someone else's)."""
    token = request.cookies.get(COOKIE)
    if not token:
        return None
    try:
        payload = json.loads(services.secrets.open(token.encode()))
    except (InvalidToken, ValueError, UnicodeError):
        return None
    if not isinstance(payload, dict) or payload.get("purpose") != PURPOSE:
        return None
    age = services.clock.now().timestamp() - float(payload.get("at", 0))
    if payload.get("sid") != session_id or not 0 <= age <= LIFETIME_SECONDS:
        return None
    data = payload.get("data")
    return data if isinstance(data, dict) else None


def clear(response: Response, services: Services) -> None:
    response.delete_cookie(
        COOKIE,
        path="/dashboard",
        httponly=True,
        samesite="strict",
        secure=not services.settings.development,
    )
