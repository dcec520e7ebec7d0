"""The answers' shapes both fakes share, and how each reads its buttons back."""

from __future__ import annotations

import json
import time
from typing import Any

from starlette.responses import JSONResponse


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
