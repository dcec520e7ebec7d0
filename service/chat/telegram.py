"""Telegram through aiogram 3's Bot (its typed methods and errors, on aiohttp like our platform
client), pointed at COUNTERSIGN_TELEGRAM_API_URL. A message is plain text with an inline
keyboard: Approve and Reject carry `approve:<action id>` and `reject:<action id>` as their
callback data, Open is a URL button. The people a message is for are named after the text,
each name a `text_mention` of their Telegram account (Telegram notifies them, no username
needed); a note has no keyboard and answers the action's message when it has one.

aiogram is imported on first use: its types take seconds to build, which a process that never
talks to Telegram (every CLI command, a service without a bot token) should not pay."""

from __future__ import annotations

import asyncio
import re
from typing import TYPE_CHECKING, Any

from service.chat.compose import Composed, Mention
from service.chat.refusals import ChatRefused

if TYPE_CHECKING:
    from aiogram import Bot
    from aiogram.types import InlineKeyboardMarkup, MessageEntity

TIMEOUT = 10
REASON_ASKED = re.compile(r"Why reject (act_[0-9a-z]+)\?")
"""How a reply to the bot's question is known: the question names the action."""


def reason_asked(text: str | None) -> str | None:
    """The action a reply is the reason for (the question it answers names it)."""
    found = REASON_ASKED.search(text or "")
    return found.group(1) if found else None


def keyboard(composed: Composed, action_id: str) -> InlineKeyboardMarkup:
    from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

    row = [
        InlineKeyboardButton(text=b.text, url=b.url)
        if b.url
        else InlineKeyboardButton(text=b.text, callback_data=f"{b.id}:{action_id}")
        for b in composed.buttons
    ]
    return InlineKeyboardMarkup(inline_keyboard=[row])


def _units(text: str) -> int:
    """Telegram's offsets count UTF-16 code units."""
    return len(text.encode("utf-16-le")) // 2


def shown(composed: Composed) -> tuple[str, list[MessageEntity] | None]:
    """The text with the mentioned people named after it, and their entities."""
    if not composed.mentions:
        return composed.text, None
    from aiogram.types import MessageEntity, User

    text = f"{composed.text}\n{composed.mention_label} "
    entities = []
    for i, mention in enumerate(composed.mentions):
        text += ", " if i else ""
        user = User(id=int(mention.chat_user_id), is_bot=False, first_name=mention.name)
        entities.append(
            MessageEntity(
                type="text_mention", offset=_units(text), length=_units(mention.name), user=user
            )
        )
        text += mention.name
    return text, entities


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
        text, entities = shown(composed)
        try:
            sent = await self.bot.send_message(
                chat_id=int(chat_id),
                text=text,
                entities=entities,
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
        text, entities = shown(composed)
        try:
            await self.bot.edit_message_text(
                text=text,
                entities=entities,
                chat_id=int(chat_id),
                message_id=int(message_id),
                reply_markup=keyboard(composed, action_id),
                request_timeout=TIMEOUT,
            )
        except Exception as error:  # noqa: BLE001 (each is classified)
            if "message is not modified" in str(error):
                return  # it already shows this
            raise _refused(error) from None

    async def note(self, chat_id: str, composed: Composed, reply_to: str | None) -> str:
        """A message that only tells (no keyboard), answering `reply_to` when given."""
        await self.ready()
        from aiogram.types import ReplyParameters

        text, entities = shown(composed)
        answering = (
            ReplyParameters(message_id=int(reply_to), allow_sending_without_reply=True)
            if reply_to
            else None
        )
        try:
            sent = await self.bot.send_message(
                chat_id=int(chat_id),
                text=text,
                entities=entities,
                reply_parameters=answering,
                request_timeout=TIMEOUT,
            )
        except Exception as error:  # noqa: BLE001 (each is classified)
            raise _refused(error) from None
        return str(sent.message_id)

    async def ask_reason(
        self, chat_id: str, message_id: str | None, asked: Mention, action_id: str
    ) -> None:
        """Reject's optional reason: a question to the clicker (ForceReply, selective: only
        they are prompted) whose reply rejects the action with it as the decision's note."""
        await self.ready()
        from aiogram.types import ForceReply, ReplyParameters

        question = f"Why reject {action_id}? Reply with the reason, or - for none."
        text, entities = shown(Composed(question, (), (asked,), "Asked of"))
        try:
            await self.bot.send_message(
                chat_id=int(chat_id),
                text=text,
                entities=entities,
                reply_markup=ForceReply(
                    force_reply=True, selective=True, input_field_placeholder="Reason (optional)"
                ),
                reply_parameters=ReplyParameters(
                    message_id=int(message_id), allow_sending_without_reply=True
                )
                if message_id
                else None,
                request_timeout=TIMEOUT,
            )
        except Exception as error:  # noqa: BLE001 (each is classified)
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
