"""An example receiver: `action.created` events become chat messages asking for approval.

Teams route approval requests to chat or mail through the `action.created` webhook. This is the
smallest honest version of that: verify the `x-svc-signature` over the raw body, drop
repeated deliveries by `x-svc-delivery`, and turn the pending action into one message with its
summary, warnings and approval link. An action a policy's allowance approved at creation is
created `approved`: nobody needs to decide it, so it sends nothing. It forwards the message as
`{"text": ...}` (the shape of Slack and Mattermost incoming webhooks) when `forward_url` is set,
and keeps every message in `sent` either way.

    python -m harness.approvals_to_chat --secret whsec_… [--forward-url https://hooks…] --port 8300
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from typing import Any

import httpx
import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from service.webhooks.signing import DELIVERY_HEADER, SIGNATURE_HEADER, SignatureError, verify


def chat_message(action: dict[str, Any]) -> str:
    """One message a person can act on from a phone: what, the risks, and where to decide."""
    lines = [f"Approval needed ({action['mode']}): {action['summary']}"]
    lines += [f"  ⚠ {warning['message']}" for warning in action.get("warnings", [])]
    lines.append(f"Approve or reject: {action['approvalUrl']}")
    return "\n".join(lines)


class ApprovalsToChat:
    def __init__(
        self, secret: str, forward_url: str | None = None, *, clock: Callable[[], float] = time.time
    ) -> None:
        self.secret, self.forward_url, self.clock = secret, forward_url, clock
        self.sent: list[str] = []
        self._seen: set[str] = set()

    async def handle(self, request: Request) -> JSONResponse:
        body = await request.body()
        try:
            verify(
                body, request.headers.get(SIGNATURE_HEADER, ""), self.secret, now=int(self.clock())
            )
        except SignatureError as error:
            return JSONResponse({"error": error.reason}, status_code=400)
        delivery = request.headers.get(DELIVERY_HEADER, "")
        event = json.loads(body)
        waiting = event.get("type") == "action.created" and event["data"]["status"] == "pending"
        if not waiting or delivery in self._seen:
            return JSONResponse({"ignored": True})
        text = chat_message(event["data"])
        if self.forward_url:
            async with httpx.AsyncClient(timeout=5) as http:
                (await http.post(self.forward_url, json={"text": text})).raise_for_status()
        self._seen.add(delivery)  # only once it was passed on: a failure is retried by the sender
        self.sent.append(text)
        return JSONResponse({"sent": True})

    def app(self) -> Starlette:
        return Starlette(routes=[Route("/{path:path}", self.handle, methods=["POST"])])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--secret", required=True)
    parser.add_argument("--forward-url")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8300)
    args = parser.parse_args(argv)
    uvicorn.run(
        ApprovalsToChat(args.secret, args.forward_url).app(), host=args.host, port=args.port
    )


if __name__ == "__main__":
    main()
