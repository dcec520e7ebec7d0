"""The two chats behind one face: post, edit in place, answer privately. Slack's bot token is
the workspace's (sealed in its connection); Telegram's bot is the deployment's."""

from __future__ import annotations

import asyncio

from service.chat.compose import Composed
from service.chat.models import SLACK, ChatConnection
from service.chat.refusals import ChatRefused
from service.chat.slack import Slack
from service.chat.telegram import Telegram
from service.kit.crypto import SecretBox
from service.settings import Settings


class Chats:
    def __init__(self, settings: Settings, box: SecretBox) -> None:
        self.slack = Slack(settings.slack_api_url)
        self.telegram = Telegram(settings.telegram_api_url, settings.telegram_bot_token)
        self.box = box
        self._preparing: asyncio.Future[None] | None = None

    def token(self, connection: ChatConnection) -> str:
        if connection.bot_token is None:
            raise ChatRefused("the Slack connection has no bot token", final=True)
        return self.box.open_text(connection.bot_token)

    async def post(
        self, connection: ChatConnection, channel: str, composed: Composed, action_id: str
    ) -> str:
        if connection.provider == SLACK:
            return await self.slack.post(self.token(connection), channel, composed, action_id)
        return await self.telegram.post(channel, composed, action_id)

    async def update(
        self,
        connection: ChatConnection,
        channel: str,
        ref: str,
        composed: Composed,
        action_id: str,
    ) -> None:
        if connection.provider == SLACK:
            await self.slack.update(self.token(connection), channel, ref, composed, action_id)
        else:
            await self.telegram.update(channel, ref, composed, action_id)

    async def note(
        self, connection: ChatConnection, channel: str, composed: Composed, parent: str | None
    ) -> str:
        """A note, in the thread of (Slack) or answering (Telegram) the message `parent`."""
        if connection.provider == SLACK:
            return await self.slack.note(self.token(connection), channel, composed, parent)
        return await self.telegram.note(channel, composed, parent)

    def prepare(self) -> None:
        """Start importing what a configured Telegram needs, off the event loop."""
        if self.telegram.token is not None:
            self._preparing = asyncio.ensure_future(self.telegram.ready())

    async def close(self) -> None:
        if self._preparing is not None:
            await asyncio.gather(self._preparing, return_exceptions=True)
        await self.telegram.close()
