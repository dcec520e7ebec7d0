"""The fake Slack: its Web API under `/slack/api/<method>`, "Add to Slack"'s authorize page,
and the control API's clicks and form sends, delivered signed as Slack signs them. A bot token
`xoxb-<team>-…` belongs to team `<team>`."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import itertools
import json
import threading
import time
from typing import Any
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response

from harness.fake_chat.shapes import _ok, _ok_false, _slack_buttons


class SlackSide:
    """Mixed into FakeChat (its state and delivery are FakeChat's)."""

    changed: threading.Condition
    slack: list[dict[str, Any]]
    views: list[dict[str, Any]]
    calls: list[tuple[str, str]]
    ids: itertools.count[int]
    _triggers: dict[str, tuple[str, str]]
    held: dict[str, threading.Event]
    slack_signing_secret: str

    def _fault(self, who: str) -> dict[str, Any] | None:
        raise NotImplementedError

    async def _deliver(self, path: str, body: bytes, headers: dict[str, str]) -> Response:
        raise NotImplementedError

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
            held = self.held.get(team)
        if held is not None:
            await asyncio.to_thread(held.wait, 30)
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
                "threadTs": body.get("thread_ts"),
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
        button: dict[str, Any] = next(
            (b for b in message["buttons"] if b["actionId"] == ask["actionId"]), {}
        )
        trigger = f"trigger-{next(self.ids)}"
        payload = {
            "type": "block_actions",
            "team": {"id": message["teamId"]},
            "user": {"id": ask["userId"]},
            "channel": {"id": message["channel"]},
            "message": {"ts": message["ts"], "text": message["text"]},
            "actions": [
                {"type": "button", "action_id": ask["actionId"], "value": button.get("value")}
            ],
            "trigger_id": trigger,
        }
        with self.changed:
            self._triggers[trigger] = (message["teamId"], ask["userId"])
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


def _team(token: str) -> str:
    parts = token.split("-")
    return parts[1] if len(parts) > 2 and parts[0] == "xoxb" else "TUNKNOWN"
