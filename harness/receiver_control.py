"""The test receiver's HTTP face: the control API under /_control (mode, rejected events,
secrets, what was received), and the webhook endpoint on every other path."""

from __future__ import annotations

from typing import TYPE_CHECKING

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route

if TYPE_CHECKING:
    from harness.receiver import Receiver


def create_receiver_app(receiver: Receiver) -> Starlette:
    """The HTTP face of `receiver`: the control API under /_control, webhooks elsewhere."""

    async def mode(request: Request) -> Response:
        if request.method == "POST":
            try:
                payload = await request.json()
                receiver.set_mode(payload["mode"], payload.get("status"))
            except (ValueError, KeyError, TypeError, AttributeError) as exc:
                return JSONResponse({"error": f"expected {{mode, status?}}: {exc}"}, 400)
        current, status = receiver.mode
        return JSONResponse({"mode": current, "status": status})

    async def received(request: Request) -> Response:
        if request.method == "DELETE":
            receiver.clear()
            return Response(status_code=204)
        return JSONResponse({"received": [r.to_json() for r in receiver.received]})

    async def secret(request: Request) -> Response:
        try:
            secrets = (await request.json())["secrets"]
            if not isinstance(secrets, list) or not all(isinstance(s, str) and s for s in secrets):
                raise ValueError("secrets must be a list of non-empty strings")
        except (ValueError, KeyError, TypeError) as exc:
            return JSONResponse({"error": f"expected {{secrets: [...]}}: {exc}"}, 400)
        receiver.set_secrets(secrets)
        return Response(status_code=204)

    async def reject(request: Request) -> Response:
        try:
            payload = await request.json()
            ids = payload["eventIds"]
            if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
                raise ValueError("eventIds must be a list of strings")
            receiver.reject(ids, payload.get("status", 500))
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            return JSONResponse({"error": f"expected {{eventIds, status?}}: {exc}"}, 400)
        return Response(status_code=204)

    control = [
        Route("/mode", mode, methods=["GET", "POST"]),
        Route("/received", received, methods=["GET", "DELETE"]),
        Route("/secret", secret, methods=["PUT"]),
        Route("/reject", reject, methods=["PUT"]),
    ]
    return Starlette(
        routes=[
            Mount("/_control", routes=control),
            Route("/{path:path}", receiver.handle, methods=["POST"]),
        ]
    )
