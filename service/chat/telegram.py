"""Telegram through aiogram 3's Bot (its typed methods and errors, on aiohttp like our platform
client), pointed at COUNTERSIGN_TELEGRAM_API_URL. A message is plain text with an inline
keyboard: Approve and Reject carry `approve:<action id>` and `reject:<action id>` as their
callback data, Open is a URL button.

aiogram is imported on first use: its types take seconds to build, which a process that never
talks to Telegram (every CLI command, a service without a bot token) should not pay."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from service.chat.compose import Composed
from service.chat.refusals import ChatRefused

if TYPE_CHECKING:
    from aiogram import Bot
    from aiogram.types import InlineKeyboardMarkup

TIMEOUT = 10


def keyboard(composed: Composed, action_id: str) -> InlineKeyboardMarkup:
    from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

    row = [
        InlineKeyboardButton(text=b.text, url=b.url)
        if b.url
        else InlineKeyboardButton(text=b.text, callback_data=f"{b.id}:{action_id}")
        for b in composed.buttons
    ]
    return InlineKeyboardMarkup(inline_keyboard=[row])


def _refused(error: Exception) -> ChatRefused:
    from aiogram.exceptions import TelegramNetworkError, TelegramRetryAfter, TelegramServerError

    if isinstance(error, TelegramRetryAfter):
        return ChatRefused("429 retry later", final=False, retry_after=float(error.retry_after))
    if isinstance(error, TelegramServerError | TelegramNetworkError):
        return ChatRefused(f"no answer: {error}", final=False)
    return ChatRefused(str(error), final=True)


class Telegram:
    """One bot for the deployment; its HTTP session is opened on first use and closed with
    the app."""

    def __init__(self, base_url: str, token: str | None) -> None:
        self.base_url = base_url
        self.token = token
        self._bot: Bot | None = None
        self._importing: asyncio.Future[Any] | None = None

    @property
    def bot(self) -> Bot:
        if self.token is None:
            raise ChatRefused("no COUNTERSIGN_TELEGRAM_BOT_TOKEN", final=True)
        if self._bot is None:
            from aiogram import Bot
            from aiogram.client.session.aiohttp import AiohttpSession
            from aiogram.client.telegram import TelegramAPIServer

            session = AiohttpSession(api=TelegramAPIServer.from_base(self.base_url))
            self._bot = Bot(self.token, session=session)
        return self._bot

    async def ready(self) -> None:
        """aiogram imported, in a thread: imported by the event loop's own thread, its seconds
        of type building would stall every request meanwhile. Only Telegram's sends wait."""
        if self._importing is None:
            import importlib

            self._importing = asyncio.ensure_future(
                asyncio.to_thread(importlib.import_module, "aiogram.types")
            )
        await asyncio.shield(self._importing)

    async def post(self, chat_id: str, composed: Composed, action_id: str) -> str:
        await self.ready()
        try:
            sent = await self.bot.send_message(
                chat_id=int(chat_id),
                text=composed.text,
                reply_markup=keyboard(composed, action_id),
                request_timeout=TIMEOUT,
            )
        except Exception as error:  # noqa: BLE001 (each is classified)
            raise _refused(error) from None
        return str(sent.message_id)

    async def update(
        self, chat_id: str, message_id: str, composed: Composed, action_id: str
    ) -> None:
        await self.ready()
        try:
            await self.bot.edit_message_text(
                text=composed.text,
                chat_id=int(chat_id),
                message_id=int(message_id),
                reply_markup=keyboard(composed, action_id),
                request_timeout=TIMEOUT,
            )
        except Exception as error:  # noqa: BLE001 (each is classified)
            if "message is not modified" in str(error):
                return  # it already shows this
            raise _refused(error) from None

    async def answer(self, callback_id: str, text: str) -> None:
        await self.ready()
        """`answerCallbackQuery`: every click is answered, with why when it decided nothing."""
        try:
            await self.bot.answer_callback_query(
                callback_query_id=callback_id,
                text=text[:200],
                show_alert=len(text) > 60,
                request_timeout=TIMEOUT,
            )
        except Exception as error:  # noqa: BLE001
            raise _refused(error) from None

    async def say(self, chat_id: str, text: str) -> None:
        await self.ready()
        try:
            await self.bot.send_message(chat_id=int(chat_id), text=text, request_timeout=TIMEOUT)
        except Exception as error:  # noqa: BLE001
            raise _refused(error) from None

    async def close(self) -> None:
        if self._bot is not None:
            await self._bot.session.close()
            self._bot = None
