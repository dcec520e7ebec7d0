"""The fake Telegram: its Bot API under `/telegram/bot<token>/<method>`, and the control API's
clicks and group messages, delivered with the webhook's secret token as Telegram sends them."""

from __future__ import annotations

import itertools
import json
import threading
import time
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from harness.fake_chat.shapes import _result, _telegram_buttons, _telegram_message

_TELEGRAM_ERRORS = {
    429: "Too Many Requests: retry after {wait}",
    403: "Forbidden: bot was kicked from the group chat",
    400: "Bad Request: chat not found",
}


class TelegramSide:
    """Mixed into FakeChat (its state and delivery are FakeChat's)."""

    changed: threading.Condition
    telegram: list[dict[str, Any]]
    calls: list[tuple[str, str]]
    ids: itertools.count[int]
    _callbacks: dict[str, int]
    telegram_secret: str

    def _fault(self, who: str) -> dict[str, Any] | None:
        raise NotImplementedError

    async def _deliver(self, path: str, body: bytes, headers: dict[str, str]) -> Response:
        raise NotImplementedError

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
                "mentions": _mentioned(body.get("entities")),
                "replyTo": _reply_to(body.get("reply_parameters")),
                "forceReply": bool((_decoded(body.get("reply_markup")) or {}).get("force_reply")),
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
                    message["mentions"] = _mentioned(body.get("entities"))
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
        update: dict[str, Any] = {
            "update_id": next(self.ids),
            "message": {
                "message_id": next(self.ids),
                "date": int(time.time()),
                "chat": {"id": int(ask["chatId"]), "type": "group", "title": "Approvals"},
                "from": {"id": int(ask["userId"]), "is_bot": False, "first_name": "Sender"},
                "text": ask["text"],
            },
        }
        if ask.get("replyTo") is not None:  # a reply to one of the bot's messages
            with self.changed:
                replied = next(
                    (m for m in self.telegram if m["messageId"] == int(ask["replyTo"])), None
                )
            if replied is None:
                return JSONResponse({"error": "no such message"}, status_code=404)
            update["message"]["reply_to_message"] = _telegram_message(replied)
        return await self._telegram_update(update)

    async def _telegram_update(self, update: dict[str, Any]) -> Response:
        headers = {
            "Content-Type": "application/json",
            "X-Telegram-Bot-Api-Secret-Token": self.telegram_secret,
        }
        return await self._deliver("/chat/telegram/updates", json.dumps(update).encode(), headers)


def _decoded(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str) else value


def _mentioned(entities: Any) -> list[int]:
    """The Telegram user ids a message's `text_mention` entities notify."""
    return [
        int(e["user"]["id"])
        for e in _decoded(entities) or []
        if e.get("type") == "text_mention" and isinstance(e.get("user"), dict)
    ]


def _reply_to(parameters: Any) -> int | None:
    found = _decoded(parameters)
    return int(found["message_id"]) if isinstance(found, dict) else None
