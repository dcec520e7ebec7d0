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
- `POST /_control/telegram/send {"chatId", "userId", "text"}`: a group message (`/start <code>`).
- `POST /_control/slack/faults {"teamId", "status", "retryAfter", "count"}` (and
  `/_control/telegram/faults {"status", "retryAfter", "count"}`): the next `count` calls of that
  team (or bot) are answered `status` (429 with Retry-After) instead.
- `POST /_control/reset`.
"""

from __future__ import annotations

import argparse
import hashlib
import hmac
import itertools
import json
import secrets
import threading
import time
from typing import Any
from urllib.parse import urlencode

import httpx
import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route


class FakeChat:
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
            self.changed.notify_all()

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

    # --- Slack ------------------------------------------------------------------------

    async def slack_api(self, request: Request) -> Response:
        method = request.path_params["method"]
        token = request.headers.get("authorization", "").removeprefix("Bearer ").strip()
        if request.headers.get("content-type", "").startswith("application/json"):
            body = json.loads(await request.body() or b"{}")
        else:
            body = dict(await request.form())
        team = _team(token)
        with self.changed:
            self.calls.append((team, method))
            fault = self._fault(team)
        if fault is not None:
            return JSONResponse(
                {"ok": False, "error": "ratelimited" if fault["status"] == 429 else "fatal_error"},
                status_code=fault["status"],
                headers={"Retry-After": str(fault.get("retryAfter", 1))},
            )
        if method == "oauth.v2.access":
            code = str(body.get("code", ""))
            team = code.removeprefix("code-") or "TOAUTH"
            return _ok(
                access_token=f"xoxb-{team}-installed",
                token_type="bot",
                bot_user_id="UBOT",
                team={"id": team, "name": f"Team {team}"},
                incoming_webhook={"channel_id": "CINSTALL", "channel": "#approvals"},
            )
        if not token.startswith("xoxb-"):
            return _ok_false("not_authed")
        if method == "auth.test":
            return _ok(team_id=team, user_id="UBOT", bot_id="BBOT", team=f"Team {team}")
        if method == "chat.postMessage":
            return _ok(**self._slack_post(team, body, ephemeral=False))
        if method == "chat.postEphemeral":
            posted = self._slack_post(team, body, ephemeral=True)
            return _ok(message_ts=posted["ts"])
        if method == "chat.update":
            return self._slack_update(body)
        if method == "views.open":
            return self._slack_open_view(body)
        return _ok_false("unknown_method")

    def _slack_open_view(self, body: dict[str, Any]) -> Response:
        view = body.get("view")
        view = json.loads(view) if isinstance(view, str) else view
        with self.changed:
            opener = self._triggers.pop(str(body.get("trigger_id")), None)
            if opener is None:
                return _ok_false("invalid_trigger_id")
            opened = {"viewId": f"V{next(self.ids)}", "teamId": opener[0], "userId": opener[1]}
            self.views.append({**opened, "view": view})
            self.changed.notify_all()
        return _ok(view={"id": opened["viewId"], **(view or {})})

    async def slack_submit(self, request: Request) -> Response:
        """A person sends a form opened with views.open: `{"viewId", "values": {block: text}}`."""
        ask = await request.json()
        with self.changed:
            found = next((v for v in self.views if v["viewId"] == ask["viewId"]), None)
        if found is None:
            return JSONResponse({"error": "no such view"}, status_code=404)
        values = {
            block: {block: {"type": "plain_text_input", "value": text}}
            for block, text in ask.get("values", {}).items()
        }
        payload = {
            "type": "view_submission",
            "team": {"id": found["teamId"]},
            "user": {"id": found["userId"]},
            "view": {
                "id": found["viewId"],
                "callback_id": found["view"].get("callback_id"),
                "private_metadata": found["view"].get("private_metadata", ""),
                "state": {"values": values},
            },
        }
        return await self._signed_slack(payload)

    def _slack_post(self, team: str, body: dict[str, Any], *, ephemeral: bool) -> dict[str, Any]:
        with self.changed:
            ts = f"{int(time.time())}.{next(self.ids):06d}"
            message = {
                "teamId": team,
                "channel": body.get("channel"),
                "ts": ts,
                "text": body.get("text", ""),
                "buttons": _slack_buttons(body.get("blocks")),
                "ephemeral": ephemeral,
                "history": [],
            }
            if ephemeral:
                message["userId"] = body.get("user")
            self.slack.append(message)
            self.changed.notify_all()
        return {"channel": message["channel"], "ts": ts, "message": {"text": message["text"]}}

    def _slack_update(self, body: dict[str, Any]) -> Response:
        with self.changed:
            for message in self.slack:
                if message["channel"] == body.get("channel") and message["ts"] == body.get("ts"):
                    message["history"].append(
                        {"text": message["text"], "buttons": message["buttons"]}
                    )
                    message["text"] = body.get("text", "")
                    message["buttons"] = _slack_buttons(body.get("blocks"))
                    self.changed.notify_all()
                    return _ok(channel=message["channel"], ts=message["ts"], text=message["text"])
        return _ok_false("message_not_found")

    async def slack_authorize(self, request: Request) -> Response:
        """ "Add to Slack" as an admin who picked team TOAUTH and allowed the app."""
        query = request.query_params
        target = (
            f"{query['redirect_uri']}?{urlencode({'code': 'code-TOAUTH', 'state': query['state']})}"
        )
        return RedirectResponse(target, status_code=302)

    async def slack_click(self, request: Request) -> Response:
        ask = await request.json()
        with self.changed:
            message = next(
                (m for m in self.slack if m["channel"] == ask["channel"] and m["ts"] == ask["ts"]),
                None,
            )
        if message is None:
            return JSONResponse({"error": "no such message"}, status_code=404)
        button = next((b for b in message["buttons"] if b["actionId"] == ask["actionId"]), {})
        payload = {
            "type": "block_actions",
            "team": {"id": message["teamId"]},
            "user": {"id": ask["userId"]},
            "channel": {"id": message["channel"]},
            "message": {"ts": message["ts"], "text": message["text"]},
            "actions": [
                {"type": "button", "action_id": ask["actionId"], "value": button.get("value")}
            ],
            "trigger_id": f"trigger-{next(self.ids)}",
        }
        with self.changed:
            self._triggers[payload["trigger_id"]] = (message["teamId"], ask["userId"])
        return await self._signed_slack(payload)

    async def _signed_slack(self, payload: dict[str, Any]) -> Response:
        """Deliver an interaction as Slack does: form-encoded, signed over the raw body."""
        body = urlencode({"payload": json.dumps(payload)}).encode()
        stamp = str(int(time.time()))
        signature = (
            "v0="
            + hmac.new(
                self.slack_signing_secret.encode(),
                b"v0:" + stamp.encode() + b":" + body,
                hashlib.sha256,
            ).hexdigest()
        )
        headers = {
            "Content-Type": "application/x-www-form-urlencoded",
            "X-Slack-Request-Timestamp": stamp,
            "X-Slack-Signature": signature,
        }
        return await self._deliver("/chat/slack/interactions", body, headers)

    # --- Telegram ---------------------------------------------------------------------

    async def telegram_api(self, request: Request) -> Response:
        method = request.path_params["method"]
        if request.headers.get("content-type", "").startswith("application/json"):
            body = json.loads(await request.body() or b"{}")
        else:
            body = {k: v for k, v in (await request.form()).items() if isinstance(v, str)}
        with self.changed:
            self.calls.append(("telegram", method))
            fault = self._fault("telegram")
        if fault is not None:
            status, wait = fault["status"], fault.get("retryAfter", 1)
            return JSONResponse(
                {
                    "ok": False,
                    "error_code": status,
                    "description": _TELEGRAM_ERRORS.get(status, "Internal Server Error").format(
                        wait=wait
                    ),
                    **({"parameters": {"retry_after": wait}} if status == 429 else {}),
                },
                status_code=status,
            )
        if method == "getMe":
            return _result(
                {"id": 1, "is_bot": True, "first_name": "Countersign", "username": "cs_bot"}
            )
        if method == "sendMessage":
            return _result(self._telegram_send(body))
        if method == "editMessageText":
            return self._telegram_edit(body)
        if method == "answerCallbackQuery":
            with self.changed:
                self.telegram.append(
                    {
                        "chatId": None,
                        "messageId": None,
                        "callbackQueryId": body.get("callback_query_id"),
                        "userId": self._callbacks.get(str(body.get("callback_query_id"))),
                        "text": body.get("text", ""),
                        "buttons": [],
                        "ephemeral": True,
                        "history": [],
                    }
                )
                self.changed.notify_all()
            return _result(True)
        return JSONResponse(
            {"ok": False, "error_code": 404, "description": "Not Found"}, status_code=404
        )

    def _telegram_send(self, body: dict[str, Any]) -> dict[str, Any]:
        with self.changed:
            message = {
                "chatId": int(body["chat_id"]),
                "messageId": next(self.ids),
                "text": body.get("text", ""),
                "buttons": _telegram_buttons(body.get("reply_markup")),
                "ephemeral": False,
                "history": [],
            }
            self.telegram.append(message)
            self.changed.notify_all()
        return _telegram_message(message)

    def _telegram_edit(self, body: dict[str, Any]) -> Response:
        with self.changed:
            for message in self.telegram:
                if message["chatId"] == int(body.get("chat_id", 0)) and message["messageId"] == int(
                    body.get("message_id", 0)
                ):
                    message["history"].append(
                        {"text": message["text"], "buttons": message["buttons"]}
                    )
                    message["text"] = body.get("text", "")
                    message["buttons"] = _telegram_buttons(body.get("reply_markup"))
                    self.changed.notify_all()
                    return _result(_telegram_message(message))
        return JSONResponse(
            {
                "ok": False,
                "error_code": 400,
                "description": "Bad Request: message to edit not found",
            },
            status_code=400,
        )

    async def telegram_click(self, request: Request) -> Response:
        ask = await request.json()
        with self.changed:
            message = next(
                (
                    m
                    for m in self.telegram
                    if m["chatId"] == int(ask["chatId"]) and m["messageId"] == int(ask["messageId"])
                ),
                None,
            )
            query_id = str(next(self.ids))
            self._callbacks[query_id] = int(ask["userId"])
        if message is None:
            return JSONResponse({"error": "no such message"}, status_code=404)
        update = {
            "update_id": next(self.ids),
            "callback_query": {
                "id": query_id,
                "from": {"id": int(ask["userId"]), "is_bot": False, "first_name": "Clicker"},
                "chat_instance": "fake",
                "data": ask["data"],
                "message": _telegram_message(message),
            },
        }
        return await self._telegram_update(update)

    async def telegram_send_update(self, request: Request) -> Response:
        ask = await request.json()
        update = {
            "update_id": next(self.ids),
            "message": {
                "message_id": next(self.ids),
                "date": int(time.time()),
                "chat": {"id": int(ask["chatId"]), "type": "group", "title": "Approvals"},
                "from": {"id": int(ask["userId"]), "is_bot": False, "first_name": "Sender"},
                "text": ask["text"],
            },
        }
        return await self._telegram_update(update)

    async def _telegram_update(self, update: dict[str, Any]) -> Response:
        headers = {
            "Content-Type": "application/json",
            "X-Telegram-Bot-Api-Secret-Token": self.telegram_secret,
        }
        return await self._deliver("/chat/telegram/updates", json.dumps(update).encode(), headers)

    # --- control ------------------------------------------------------------------------

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


_TELEGRAM_ERRORS = {
    429: "Too Many Requests: retry after {wait}",
    403: "Forbidden: bot was kicked from the group chat",
    400: "Bad Request: chat not found",
}


def _team(token: str) -> str:
    parts = token.split("-")
    return parts[1] if len(parts) > 2 and parts[0] == "xoxb" else "TUNKNOWN"


def _ok(**fields: Any) -> JSONResponse:
    return JSONResponse({"ok": True, **fields})


def _ok_false(error: str) -> JSONResponse:
    return JSONResponse({"ok": False, "error": error})


def _result(result: Any) -> JSONResponse:
    return JSONResponse({"ok": True, "result": result})


def _slack_buttons(blocks: Any) -> list[dict[str, Any]]:
    if isinstance(blocks, str):
        blocks = json.loads(blocks)
    found = []
    for block in blocks or []:
        for element in block.get("elements", []) if block.get("type") == "actions" else []:
            button = {"actionId": element.get("action_id"), "text": element["text"]["text"]}
            if "url" in element:
                button["url"] = element["url"]
            if "value" in element:
                button["value"] = element["value"]
            found.append(button)
    return found


def _telegram_buttons(markup: Any) -> list[dict[str, Any]]:
    if isinstance(markup, str):
        markup = json.loads(markup)
    found = []
    for row in (markup or {}).get("inline_keyboard", []):
        for key in row:
            button = {"text": key["text"]}
            if key.get("callback_data"):
                button["data"] = key["callback_data"]
            if key.get("url"):
                button["url"] = key["url"]
            found.append(button)
    return found


def _telegram_message(message: dict[str, Any]) -> dict[str, Any]:
    keyboard = [
        [
            {
                "text": b["text"],
                **({"url": b["url"]} if "url" in b else {"callback_data": b["data"]}),
            }
            for b in message["buttons"]
        ]
    ]
    shown = {
        "message_id": message["messageId"],
        "date": int(time.time()),
        "chat": {"id": message["chatId"], "type": "group", "title": "Approvals"},
        "text": message["text"],
    }
    if message["buttons"]:
        shown["reply_markup"] = {"inline_keyboard": keyboard}
    return shown


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
