"""What the chat tests do over and over: create an action over HTTP, wait for the fake chat to
show something (on its own condition, never a sleep), click through its control API."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx


async def create(
    api: httpx.AsyncClient, world, account: str, key: str, fan: str = "123456"
) -> dict[str, Any]:
    """A test-mode message to `fan` (the default is no fan of the sandbox: a warning)."""
    response = await api.post(
        f"/v1/accounts/{account}/actions",
        json={"type": "send_message", "params": {"fanId": fan, "text": "Hi <b>there</b>"}},
        headers={**world.auth(world.test_key), "Idempotency-Key": key},
    )
    assert response.status_code == 202, response.text
    return response.json()["data"]


async def status_of(api: httpx.AsyncClient, world, action_id: str) -> str:
    response = await api.get(f"/v1/actions/{action_id}", headers=world.auth(world.test_key))
    return str(response.json()["data"]["status"])


async def wait_for(fake, check, within: float = 2.0) -> Any:
    """What `check()` found within `within` seconds, else fail."""
    found = await asyncio.to_thread(fake.wait_for, check, within)
    assert found, f"not seen within {within} s"
    return found


def slack_message(fake, action_id: str, contains: str = "") -> Any:
    for message in fake.slack:
        if message["ephemeral"]:
            continue
        values = {b.get("value") for b in message["buttons"]} | {
            b.get("url", "").rsplit("/", 1)[-1] for b in message["buttons"]
        }
        if action_id in values and contains in message["text"]:
            return dict(message)
    return None


def private_to(fake, chat: str, user: str, contains: str = "") -> Any:
    messages = fake.slack if chat == "slack" else fake.telegram
    for message in messages:
        if (
            message["ephemeral"]
            and str(message.get("userId")) == user
            and contains in message["text"]
        ):
            return dict(message)
    return None


def telegram_message(fake, action_id: str, contains: str = "") -> Any:
    for message in fake.telegram:
        urls = {b.get("url", "").rsplit("/", 1)[-1] for b in message["buttons"]}
        if not message["ephemeral"] and action_id in urls and contains in message["text"]:
            return dict(message)
    return None


async def control(chat_url: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    async with httpx.AsyncClient(base_url=chat_url, timeout=30) as client:
        response = await client.post(path, json=body)
    assert response.status_code == 200, response.text
    return dict(response.json())


async def slack_click(chat_url: str, message: dict[str, Any], action: str, user: str) -> int:
    answer = await control(
        chat_url,
        "/_control/slack/click",
        {"channel": message["channel"], "ts": message["ts"], "actionId": action, "userId": user},
    )
    return int(answer["status"])


async def telegram_click(chat_url: str, message: dict[str, Any], action: str, user: int) -> int:
    data = next(b["data"] for b in message["buttons"] if b.get("data", "").startswith(action))
    answer = await control(
        chat_url,
        "/_control/telegram/click",
        {
            "chatId": message["chatId"],
            "messageId": message["messageId"],
            "data": data,
            "userId": user,
        },
    )
    return int(answer["status"])
