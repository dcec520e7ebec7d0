"""A fake Slack and Telegram for tests and the demo, over real HTTP.

    countersign fake-chat --host H --port P --deliver-to SERVICE_URL \\
        --slack-signing-secret S --telegram-secret T

Slack's Web API is served under `/slack/api/<method>` (`auth.test`, `chat.postMessage`,
`chat.update`, `chat.postEphemeral`, `oauth.v2.access`; JSON or form bodies, the bot token as a
Bearer header) and "Add to Slack"'s authorize page under `/slack/oauth/v2/authorize`; Telegram's
Bot API under `/telegram/bot<token>/<method>` (`getMe`, `sendMessage`, `editMessageText`,
`answerCallbackQuery`). Answers have the real APIs' shapes, so slack_sdk and aiogram read them.
A Slack bot token `xoxb-<team>-…` belongs to team `<team>`.

The control API:

- `GET /_control/slack/messages`, `GET /_control/telegram/messages`: every message posted,
  updated or sent privately, as `{channel | chatId, ts | messageId, text, buttons: [{actionId |
  data, text, url?}], ephemeral, userId?, history: [{text, buttons}]}`.
- `POST /_control/slack/click {"channel", "ts", "actionId", "userId"}` and
  `POST /_control/telegram/click {"chatId", "messageId", "data", "userId"}`: deliver a correctly
  signed interaction to the service as the real chats would; the answer is
  `{"status", "body"}` of the service's reply.
- `GET /_control/slack/views`, `POST /_control/slack/submit {"viewId", "values": {"reason":
  "…"}}`: the forms opened with `views.open` (Reject's reason), and a person sending one.
- `POST /_control/telegram/send {"chatId", "userId", "text", "replyTo"?}`: a group message
  (`/start <code>`, or with `replyTo` a reply to the bot's message: a reason asked for).
- `POST /_control/slack/faults {"teamId", "status", "retryAfter", "count"}` (and
  `/_control/telegram/faults {"status", "retryAfter", "count"}`): the next `count` calls of that
  team (or bot) are answered `status` (429 with Retry-After) instead.
- `POST /_control/reset`.
"""

from __future__ import annotations

import argparse
import itertools
import json
import secrets
import threading
import time
from typing import Any

import httpx
import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from harness.fake_chat.slack import SlackSide
from harness.fake_chat.telegram import TelegramSide


class FakeChat(SlackSide, TelegramSide):
    """The chats' state; every change notifies `changed` (tests wait on it, never sleep)."""

    def __init__(self, deliver_to: str, slack_signing_secret: str, telegram_secret: str) -> None:
        self.deliver_to = deliver_to.rstrip("/")
        self.slack_signing_secret = slack_signing_secret
        self.telegram_secret = telegram_secret
        self.changed = threading.Condition()
        self._client: httpx.AsyncClient | None = None
        self.reset()

    def reset(self) -> None:
        with self.changed:
            self.slack: list[dict[str, Any]] = []
            self.telegram: list[dict[str, Any]] = []
            self.faults: dict[str, dict[str, Any]] = {}
            self.calls: list[tuple[str, str]] = []  # (team or "telegram", method)
            self.ids = itertools.count(1)
            self._callbacks: dict[str, int] = {}  # callback query id -> who clicked
            self._triggers: dict[str, tuple[str, str]] = {}  # Slack trigger -> (team, user)
            self.views: list[dict[str, Any]] = []  # forms opened with views.open
            self.held: dict[str, threading.Event] = {}  # Slack teams answering only once set
            self.changed.notify_all()

    def hold(self, team: str) -> threading.Event:
        """Slack answers nothing to `team` until the returned event is set (a slow chat)."""
        with self.changed:
            self.held[team] = threading.Event()
            return self.held[team]

    def wait_for(self, check: Any, timeout: float) -> Any:
        """Until `check()` is truthy (returned) or `timeout` seconds pass (None)."""
        deadline = time.monotonic() + timeout
        with self.changed:
            while True:
                found = check()
                if found:
                    return found
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                self.changed.wait(left)

    def _fault(self, who: str) -> dict[str, Any] | None:
        fault = self.faults.get(who)
        if fault is None or fault["count"] <= 0:
            return None
        fault["count"] -= 1
        return fault

    async def _deliver(self, path: str, body: bytes, headers: dict[str, str]) -> Response:
        # One client for the fake's life (it runs on one loop): a new one builds an SSL
        # context, tens of milliseconds that are not the service's. Each connection is closed
        # after its answer, so a stopped fake leaves no socket open.
        if self._client is None:
            self._client = httpx.AsyncClient(timeout=30)
        answer = await self._client.post(
            self.deliver_to + path, content=body, headers={**headers, "Connection": "close"}
        )
        return JSONResponse({"status": answer.status_code, "body": answer.text})

    async def messages(self, request: Request) -> Response:
        with self.changed:
            found = self.slack if request.path_params["chat"] == "slack" else self.telegram
            return JSONResponse(json.loads(json.dumps(found)))

    async def views_route(self, request: Request) -> Response:
        with self.changed:
            return JSONResponse(json.loads(json.dumps(self.views)))

    async def faults_route(self, request: Request) -> Response:
        ask = await request.json()
        who = ask.get("teamId", "") if request.path_params["chat"] == "slack" else "telegram"
        with self.changed:
            self.faults[who] = {
                "status": int(ask.get("status", 429)),
                "retryAfter": ask.get("retryAfter", 1),
                "count": int(ask.get("count", 1)),
            }
        return JSONResponse({"ok": True})

    async def reset_route(self, request: Request) -> Response:
        self.reset()
        return JSONResponse({"ok": True})

    def app(self) -> Any:
        """The routes, each answer closing its connection: a stopping test's server then
        waits for no client's idle keep-alive."""
        inner = self._routes()

        async def closing(scope: Any, receive: Any, send: Any) -> None:
            async def send_closing(message: Any) -> None:
                if message["type"] == "http.response.start":
                    message["headers"] = [*message.get("headers", []), (b"connection", b"close")]
                await send(message)

            await inner(scope, receive, send_closing if scope["type"] == "http" else send)

        return closing

    def _routes(self) -> Starlette:
        return Starlette(
            routes=[
                Route("/slack/api/{method}", self.slack_api, methods=["POST", "GET"]),
                Route("/slack/oauth/v2/authorize", self.slack_authorize, methods=["GET"]),
                Route("/telegram/bot{token}/{method}", self.telegram_api, methods=["POST", "GET"]),
                Route("/_control/{chat}/messages", self.messages, methods=["GET"]),
                Route("/_control/slack/click", self.slack_click, methods=["POST"]),
                Route("/_control/slack/submit", self.slack_submit, methods=["POST"]),
                Route("/_control/slack/views", self.views_route, methods=["GET"]),
                Route("/_control/telegram/click", self.telegram_click, methods=["POST"]),
                Route("/_control/telegram/send", self.telegram_send_update, methods=["POST"]),
                Route("/_control/{chat}/faults", self.faults_route, methods=["POST"]),
                Route("/_control/reset", self.reset_route, methods=["POST"]),
            ]
        )


def start_fake_chat(deliver_to: str, port: int = 0) -> tuple[FakeChat, str]:
    """The fake chat in a thread (`countersign demo`), with secrets of its own; returns it and
    its base URL."""
    from harness.threaded import start_in_thread

    fake = FakeChat(deliver_to, secrets.token_hex(16), secrets.token_hex(16))
    running = start_in_thread(fake.app(), name="fake-chat", port=port)
    return fake, running.base_url


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="countersign fake-chat", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8200)
    parser.add_argument("--deliver-to", required=True, help="the service's base URL")
    parser.add_argument("--slack-signing-secret", required=True)
    parser.add_argument("--telegram-secret", required=True)
    args = parser.parse_args(argv)
    fake = FakeChat(args.deliver_to, args.slack_signing_secret, args.telegram_secret)
    print(
        f"Fake chat on http://{args.host}:{args.port} (Slack under /slack/api, Telegram under /telegram)"
    )
    uvicorn.run(fake.app(), host=args.host, port=args.port, log_level="warning")


if __name__ == "__main__":
    main()
