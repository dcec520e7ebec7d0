"""Slack through the official SDK: `chat.postMessage`, `chat.update`, `chat.postEphemeral`
and `auth.test` on AsyncWebClient, pointed at COUNTERSIGN_SLACK_API_URL. A message is a
section of mrkdwn text and an actions block: Approve and Reject carry the action's id as their
`value`, Open is a link button. The people a message is for are mentioned as `<@U…>` after
the text (Slack notifies them); a note has no buttons and may be a reply in a thread."""

from __future__ import annotations

import json
from typing import Any

import aiohttp
from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from service.chat.compose import APPROVE, REJECT, Composed
from service.chat.refusals import ChatRefused, from_status

TIMEOUT = 10
"""Seconds for one Web API call."""


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def shown(composed: Composed, *, escape: bool = False) -> str:
    """The text (escaped for a mrkdwn block), its mentions after it."""
    text = _escape(composed.text) if escape else composed.text
    if composed.mentions:
        people = " ".join(f"<@{m.chat_user_id}>" for m in composed.mentions)
        text += f"\n{composed.mention_label} {people}"
    return text


def blocks(composed: Composed, action_id: str) -> list[dict[str, Any]]:
    elements: list[dict[str, Any]] = []
    for button in composed.buttons:
        element: dict[str, Any] = {
            "type": "button",
            "action_id": button.id,
            "text": {"type": "plain_text", "text": button.text},
        }
        if button.url:
            element["url"] = button.url
        else:
            element["value"] = action_id
        if button.id == APPROVE:
            element["style"] = "primary"
        elif button.id == REJECT:
            element["style"] = "danger"
        elements.append(element)
    return [
        {"type": "section", "text": {"type": "mrkdwn", "text": shown(composed, escape=True)}},
        {"type": "actions", "block_id": f"decide:{action_id}", "elements": elements},
    ]


class Slack:
    def __init__(self, base_url: str) -> None:
        self.base_url = base_url

    def client(self, token: str | None = None, timeout: int = TIMEOUT) -> AsyncWebClient:
        return AsyncWebClient(token=token, base_url=self.base_url, timeout=timeout)

    async def _call(
        self, token: str, method: str, seconds: int = TIMEOUT, **kwargs: Any
    ) -> dict[str, Any]:
        try:
            response = await self.client(token, seconds).api_call(method, json=kwargs)
        except SlackApiError as error:
            answer = error.response
            retry_after = answer.headers.get("Retry-After") or answer.headers.get("retry-after")
            code = answer.data.get("error", "") if isinstance(answer.data, dict) else ""
            raise from_status(
                answer.status_code, str(code), float(retry_after) if retry_after else None
            ) from None
        except (aiohttp.ClientError, TimeoutError) as error:
            raise ChatRefused(f"no answer: {type(error).__name__}", final=False) from None
        return dict(response.data) if isinstance(response.data, dict) else {}

    async def post(self, token: str, channel: str, composed: Composed, action_id: str) -> str:
        data = await self._call(
            token,
            "chat.postMessage",
            channel=channel,
            text=shown(composed),
            blocks=blocks(composed, action_id),
        )
        return str(data.get("ts", ""))

    async def note(self, token: str, channel: str, composed: Composed, thread: str | None) -> str:
        """A message that only tells (no buttons), in `thread` when given."""
        extra: dict[str, Any] = {"thread_ts": thread} if thread else {}
        data = await self._call(
            token, "chat.postMessage", channel=channel, text=shown(composed), **extra
        )
        return str(data.get("ts", ""))

    async def update(
        self, token: str, channel: str, ts: str, composed: Composed, action_id: str
    ) -> None:
        await self._call(
            token,
            "chat.update",
            channel=channel,
            ts=ts,
            text=shown(composed),
            blocks=blocks(composed, action_id),
        )

    async def ephemeral(self, token: str, channel: str, user: str, text: str) -> None:
        await self._call(token, "chat.postEphemeral", channel=channel, user=user, text=text)

    async def team_of(self, token: str) -> str:
        """The Slack team a bot token belongs to (`auth.test`)."""
        data = await self._call(token, "auth.test")
        return str(data.get("team_id", ""))

    async def exchange(
        self, client_id: str, client_secret: str, code: str, redirect_uri: str
    ) -> dict[str, Any]:
        """ "Add to Slack"'s last step: the OAuth v2 code for the bot token and its team."""
        try:
            # The credentials in the form, as Slack accepts them: the SDK's oauth_v2_access
            # sends them with aiohttp's BasicAuth, deprecated in aiohttp 3.14 (a warning on
            # every installation).
            response = await self.client().api_call(
                "oauth.v2.access",
                data={
                    "client_id": client_id,
                    "client_secret": client_secret,
                    "code": code,
                    "redirect_uri": redirect_uri,
                },
            )
        except SlackApiError as error:
            raise from_status(error.response.status_code, "oauth.v2.access refused") from None
        except (aiohttp.ClientError, TimeoutError) as error:
            raise ChatRefused(f"no answer: {type(error).__name__}", final=False) from None
        return dict(response.data) if isinstance(response.data, dict) else {}

    async def open_view(self, token: str, trigger_id: str, view: dict[str, Any]) -> None:
        # Inside the click's answer, which Slack wants within 3 seconds (a trigger lasts 3).
        await self._call(token, "views.open", seconds=2, trigger_id=trigger_id, view=view)


REASON_FORM = "reject_reason"
"""The `callback_id` of the form a Reject click opens (an optional reason)."""


def reason_form(action_id: str, channel: str) -> dict[str, Any]:
    """Reject's form: the reason is optional and shown with the decision, as the dashboard's
    note is (at most 500 characters)."""
    return {
        "type": "modal",
        "callback_id": REASON_FORM,
        "private_metadata": json.dumps({"action": action_id, "channel": channel}),
        "title": {"type": "plain_text", "text": "Reject"},
        "submit": {"type": "plain_text", "text": "Reject"},
        "close": {"type": "plain_text", "text": "Cancel"},
        "blocks": [
            {
                "type": "input",
                "block_id": "reason",
                "optional": True,
                "label": {"type": "plain_text", "text": "Why (shown with the decision)"},
                "element": {
                    "type": "plain_text_input",
                    "action_id": "reason",
                    "multiline": True,
                    "max_length": 500,
                },
            }
        ],
    }
