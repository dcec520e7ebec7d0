"""Chat connections, the people linked to chat users, one-time codes and the chat outbox, as
plain values (storage loads them)."""

from __future__ import annotations

import datetime as dt

from attrs import field, frozen

SLACK, TELEGRAM = "slack", "telegram"
PROVIDERS = (SLACK, TELEGRAM)

QUEUED, DONE, FAILED = "queued", "done", "failed"
"""A chat message's status: `queued` while the chat lags behind what it should show (`wanted`
greater than `sent`, or never posted), `done` once it shows the latest state, `failed` when its
first post was refused for good (nothing to update)."""

ACTION_MESSAGE, ESCALATION_NOTE, PAUSE_NOTE = "chm_", "chx_", "chp_"
"""A chat message's id prefix says what it is: an action's own message (edited in place as the
action moves), or a note told once (an escalation, a paused allowance: notes.py)."""

START_CODE, USER_LINK, SLACK_STATE = "telegram_start", "user_link", "slack_state"
"""The kinds of one-time code: a Telegram group's `/start <code>`, the link a chat user opens
to confirm who they are, and the `state` of an "Add to Slack" installation."""


@frozen
class ChatConnection:
    """A workspace's Slack or Telegram: where its approval requests are posted."""

    workspace_id: str
    provider: str  # slack | telegram
    channel: str  # the default: a Slack channel id or a Telegram chat id
    connected_at: dt.datetime
    account_channels: dict[str, str] = field(factory=dict)  # account id -> channel
    team_id: str | None = None  # Slack's workspace ("team") id: how a click finds us
    bot_token: str | None = None  # Slack's bot token, sealed (SecretBox); never stored plain

    def channel_for(self, account_id: str) -> str:
        return self.account_channels.get(account_id, self.channel)


@frozen
class ChatUser:
    """A chat account linked to one member: only linked people's clicks decide."""

    workspace_id: str
    provider: str
    chat_user_id: str  # Slack `U…` or Telegram's numeric user id, as text
    user_id: str
    linked_at: dt.datetime


@frozen
class ChatCode:
    """A one-time code, stored as its hash; `used_at` is set by the one conditional write
    that spends it."""

    code_hash: str
    kind: str  # telegram_start | user_link | slack_state
    workspace_id: str
    provider: str
    created_at: dt.datetime
    expires_at: dt.datetime
    chat_user_id: str | None = None  # user_link: who clicked
    user_id: str | None = None  # slack_state: who started the installation
    used_at: dt.datetime | None = None


@frozen
class ChatMessage:
    """One action's message in one chat: posted once, then edited in place. `wanted` counts the
    states the message should have shown (bumped by each decision and outcome), `sent` the last
    one the chat took; the poster renders the action as it is when it sends, so several bumps
    cost one edit."""

    id: str
    workspace_id: str
    action_id: str
    provider: str
    channel: str
    status: str
    wanted: int
    sent: int
    attempts: int
    next_attempt_at: dt.datetime
    created_at: dt.datetime
    ref: str | None = None  # Slack's `ts`, Telegram's message id, once posted
    claimed_by: str | None = None
    claimed_until: dt.datetime | None = None
    posted_at: dt.datetime | None = None
    last_error: str | None = None
