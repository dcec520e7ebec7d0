"""The chat feature's storage ports."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Protocol

from service.chat.models import ChatCode, ChatConnection, ChatMessage, ChatUser


class ChatConnections(Protocol):
    async def save(self, connection: ChatConnection) -> None:
        """Insert or replace the workspace's connection to that provider."""

    async def get(self, workspace_id: str, provider: str) -> ChatConnection | None: ...
    async def of_workspace(self, workspace_id: str) -> Sequence[ChatConnection]: ...
    async def by_team(self, team_id: str) -> ChatConnection | None:
        """The Slack connection of a Slack team (a click carries its team)."""

    async def by_channel(self, provider: str, channel: str) -> ChatConnection | None:
        """The connection posting to that chat (a Telegram click carries its chat)."""

    async def remove(self, workspace_id: str, provider: str) -> None: ...


class ChatUsers(Protocol):
    async def link(self, chat_user: ChatUser) -> None:
        """Insert or replace: a chat account is linked to one member of a workspace."""

    async def get(self, workspace_id: str, provider: str, chat_user_id: str) -> ChatUser | None: ...
    async def of_workspace(self, workspace_id: str) -> Sequence[ChatUser]: ...
    async def unlink(self, workspace_id: str, provider: str, chat_user_id: str) -> None: ...


class ChatCodes(Protocol):
    async def add(self, code: ChatCode) -> None: ...
    async def spend(self, code_hash: str, kind: str, now: dt.datetime) -> ChatCode | None:
        """Mark an unexpired, unused code used (one conditional write) and return it; a second
        spender, or an expired code, gets None."""

    async def peek(self, code_hash: str, kind: str, now: dt.datetime) -> ChatCode | None:
        """The code while it can still be spent, without spending it."""

    async def prune(self, before: dt.datetime, limit: int) -> int:
        """Delete up to `limit` codes that expired before `before`."""


class ChatMessages(Protocol):
    """The chat outbox: claimed and finished by conditional writes (a lease per poster)."""

    async def add(self, message: ChatMessage) -> None: ...
    async def bump(self, action_id: str) -> int:
        """Ask every message of the action to show its latest state; returns how many."""

    async def due(
        self, now: dt.datetime, limit: int, *, exclude_workspaces: Sequence[str] = ()
    ) -> Sequence[tuple[str, str]]:
        """(message id, workspace id) of messages to send now, oldest first, leaving out the
        workspaces named (those at the poster's bound)."""

    async def claim_many(
        self, ids: Sequence[str], worker: str, now: dt.datetime, until: dt.datetime
    ) -> Sequence[ChatMessage]: ...
    async def finish(
        self,
        message_id: str,
        worker: str,
        *,
        sent: int,
        ref: str | None,
        now: dt.datetime,
        failed: bool = False,
        error: str | None = None,
    ) -> bool:
        """Record what the chat took (`sent`, its `ref`), only while `worker` holds the lease;
        the message stays `queued` when a bump landed meanwhile."""

    async def retry(self, message_id: str, worker: str, *, at: dt.datetime, error: str) -> bool:
        """Try again at `at` (the chat's Retry-After, or the backoff), lease holder only."""

    async def of_action(self, action_id: str) -> Sequence[ChatMessage]: ...
    async def prune(self, before: dt.datetime, limit: int) -> int:
        """Delete up to `limit` messages last sent (or given up) before `before`; a queued
        one is kept whatever its age."""
