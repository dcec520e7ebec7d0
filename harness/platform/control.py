"""The control API (`/_control`, no auth): how tests and QA steer the fake from outside.

Everything here is also a method on `PlatformState` for tests in the same process; these
routes exist for QA, the demo and processes that only have the URL. Creator ids are the
platform user ids listed by `GET /_control/creators`.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from .state import PlatformState
from .views import iso, transaction_view

Endpoint = Callable[[Request], Awaitable[JSONResponse]]


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)


async def _body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if not raw.strip():
        return {}
    body = json.loads(raw)
    if not isinstance(body, dict):
        raise TypeError("The body must be a JSON object.")
    return body


def control_routes(state: PlatformState) -> list[Route]:
    """Starlette routes of the control API, bound to `state`."""

    def guarded(handler: Endpoint) -> Endpoint:
        async def endpoint(request: Request) -> JSONResponse:
            try:
                return await handler(request)
            except KeyError as missing:
                return _error(404, "not_found", f"Unknown id {missing}.")
            except (ValueError, TypeError) as bad:
                return _error(400, "bad_request", str(bad))

        return endpoint

    async def creators(request: Request) -> JSONResponse:
        with state.lock:
            now = state.now()
            return JSONResponse(
                {
                    "list": [
                        {
                            "userId": c.user_id,
                            "name": c.name,
                            "username": c.username,
                            "email": c.email,
                            "password": c.password,
                            "requires2fa": c.requires_2fa,
                            "twoFactorCode": c.two_factor_code if c.requires_2fa else None,
                            "requiresSelfie": c.requires_selfie,
                            "restricted": c.restricted,
                            "activeSessions": sum(
                                1
                                for s in state.sessions.values()
                                if s.user_id == c.user_id and s.expires_at > now
                            ),
                        }
                        for c in state.creators.values()
                    ]
                }
            )

    async def open_session(request: Request) -> JSONResponse:
        body = await _body(request)
        ttl = body.get("ttlSeconds")
        session = state.create_session(
            request.path_params["user_id"], timedelta(seconds=ttl) if ttl else None
        )
        return JSONResponse(
            {
                "token": session.token,
                "userId": session.user_id,
                "expiresAt": iso(session.expires_at),
            },
            status_code=201,
        )

    async def expire_session(request: Request) -> JSONResponse:
        user_id = request.path_params["user_id"]
        return JSONResponse({"userId": user_id, "expired": state.expire_sessions(user_id)})

    def restriction(restricted: bool) -> Endpoint:
        async def endpoint(request: Request) -> JSONResponse:
            user_id = request.path_params["user_id"]
            state.set_restricted(user_id, restricted)
            return JSONResponse({"userId": user_id, "restricted": restricted})

        return endpoint

    async def add_transaction(request: Request) -> JSONResponse:
        tx = state.add_transaction(request.path_params["user_id"], await _body(request))
        return JSONResponse(transaction_view(tx), status_code=201)

    async def change_transaction(request: Request) -> JSONResponse:
        p = request.path_params
        tx = state.change_transaction(p["user_id"], p["tx_id"], await _body(request))
        return JSONResponse(transaction_view(tx))

    async def tick(request: Request) -> JSONResponse:
        body = await _body(request)
        return JSONResponse(state.tick(body.get("userId")))

    async def add_fault(request: Request) -> JSONResponse:
        with state.lock:
            fault = state.faults.add(await _body(request))
            return JSONResponse(fault.to_json(), status_code=201)

    async def list_faults(request: Request) -> JSONResponse:
        with state.lock:
            return JSONResponse({"list": [f.to_json() for f in state.faults.active()]})

    async def clear_faults(request: Request) -> JSONResponse:
        with state.lock:
            state.faults.clear()
        return JSONResponse({"success": True})

    async def writes(request: Request) -> JSONResponse:
        q = request.query_params
        return JSONResponse({"list": state.writes_for(q.get("userId"), q.get("route"))})

    async def clear_writes(request: Request) -> JSONResponse:
        with state.lock:
            state.writes.clear()
        return JSONResponse({"success": True})

    async def calls(request: Request) -> JSONResponse:
        """Calls counted per route pattern (reads too), optionally for one creator."""
        user_id = request.query_params.get("userId")
        return JSONResponse(
            {"total": state.calls_made(user_id), "byRoute": state.calls_by_route(user_id)}
        )

    async def clear_calls(request: Request) -> JSONResponse:
        with state.lock:
            state.calls.clear()
        return JSONResponse({"success": True})

    async def reset(request: Request) -> JSONResponse:
        body = await _body(request)
        state.reset(body.get("seed"))
        return JSONResponse({"success": True, "seed": state.seed})

    base, creator = "/_control", "/_control/creators/{user_id}"
    table = [
        ("GET", f"{base}/creators", creators),
        ("POST", f"{creator}/sessions", open_session),
        ("POST", f"{creator}/expire-session", expire_session),
        ("POST", f"{creator}/restrict", restriction(True)),
        ("POST", f"{creator}/unrestrict", restriction(False)),
        ("POST", f"{creator}/transactions", add_transaction),
        ("PATCH", f"{creator}/transactions/{{tx_id}}", change_transaction),
        ("POST", f"{base}/tick", tick),
        ("POST", f"{base}/faults", add_fault),
        ("GET", f"{base}/faults", list_faults),
        ("DELETE", f"{base}/faults", clear_faults),
        ("GET", f"{base}/writes", writes),
        ("DELETE", f"{base}/writes", clear_writes),
        ("GET", f"{base}/calls", calls),
        ("DELETE", f"{base}/calls", clear_calls),
        ("POST", f"{base}/reset", reset),
    ]
    return [Route(path, guarded(handler), methods=[method]) for method, path, handler in table]
