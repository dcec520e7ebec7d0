"""The chat's HTTP. First its settings over /v1 (an admin key, or a session): the dashboard's
Chat page as routes, minus connecting a bot (its token is secret material, given to the
dashboard or the CLI); the rules are service/chat/connections.py's, and no reply has a token.

Then the chats' own callbacks: Slack's interactions and Telegram's updates, checked before
anything is read (Slack's signature over the raw body and a timestamp within 5 minutes;
Telegram's secret token header), else 401 and nothing decided. Both answer at once: the private
reply and the message's edit go out after the answer (Slack wants one within 3 seconds).
Nothing here logs a payload."""

from __future__ import annotations

import hmac
import json
import logging
from typing import Any
from urllib.parse import parse_qs

from slack_sdk.signature import Clock as SlackClock
from slack_sdk.signature import SignatureVerifier
from starlette.background import BackgroundTask
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from service.actions.decisions import decide_action, refusal
from service.api.endpoint import Call, Reply, endpoint
from service.chat import connections as chat
from service.chat.clicks import Answer, Click, click, refused
from service.chat.compose import APPROVE, REJECT, Mention
from service.chat.models import SLACK, TELEGRAM, ChatConnection, ChatUser
from service.chat.refusals import ChatRefused
from service.chat.slack import REASON_FORM, reason_form
from service.chat.telegram import reason_asked
from service.chat.usecases import telegram_started
from service.domain.clock import Clock, isoformat
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.services import Services


def connection_json(connection: ChatConnection) -> dict[str, Any]:
    return {
        "provider": connection.provider,
        "channel": connection.channel,
        "accountChannels": dict(connection.account_channels),
        "connectedAt": isoformat(connection.connected_at),
    }


def link_json(link: ChatUser, email: str) -> dict[str, Any]:
    return {
        "id": chat.link_id(link),
        "provider": link.provider,
        "chatUserId": link.chat_user_id,
        "memberId": link.user_id,
        "email": email,
        "linkedAt": isoformat(link.linked_at),
    }


@endpoint("listChatConnections", scope="admin", auth="key_or_session")
async def list_connections(call: Call) -> Reply:
    rows = await chat.connections(call.services.store, call.principal)
    return Reply({"data": [connection_json(c) for c in rows], "meta": call.meta()})


@endpoint("deleteChatConnection", scope="admin", auth="key_or_session")
async def delete_connection(call: Call) -> Reply:
    provider = str(call.params.path["provider"])
    await chat.disconnect(call.services.store, call.services.clock, call.principal, provider)
    return Reply({"data": {"id": provider, "deleted": True}, "meta": call.meta()})


@endpoint("listChatLinks", scope="admin", auth="key_or_session")
async def list_links(call: Call) -> Reply:
    rows = await chat.links(call.services.store, call.principal)
    return Reply({"data": [link_json(u, e) for u, e in rows], "meta": call.meta()})


@endpoint("createChatLink", scope="admin", auth="key_or_session")
async def create_link(call: Call) -> Reply:
    body = call.params.body
    linked = await chat.link(
        call.services.store,
        call.services.clock,
        call.principal,
        body["provider"],
        body["chatUserId"],
        email=body.get("email"),
        member_id=body.get("memberId"),
    )
    rows = await chat.links(call.services.store, call.principal)
    email = next((e for u, e in rows if u.user_id == linked.user_id), "")
    return Reply({"data": link_json(linked, email), "meta": call.meta()}, status=201)


@endpoint("deleteChatLink", scope="admin", auth="key_or_session")
async def delete_link(call: Call) -> Reply:
    id_ = str(call.params.path["chatLinkId"])
    await chat.unlink(call.services.store, call.services.clock, call.principal, id_)
    return Reply({"data": {"id": id_, "deleted": True}, "meta": call.meta()})


log = logging.getLogger("countersign.chat")


class _SlackClock(SlackClock):
    """slack_sdk's verifier asks its clock for epoch seconds: ours, so tests move it."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock

    def now(self) -> float:
        return self.clock.now().timestamp()


def _unsigned(chat: str) -> ApiError:
    return ApiError(
        ErrorCode.INVALID_API_KEY,
        f"This request is not signed as {chat} signs for this deployment (or is more than "
        "5 minutes old): nothing was decided.",
        status=401,
    )


def _bad(message: str) -> ApiError:
    return ApiError(ErrorCode.INVALID_PARAMETER, message, param="body")


async def _quietly(job: Any, *args: Any) -> None:
    try:
        await job(*args)
    except ChatRefused as refused:
        log.warning("a private chat reply was refused: %s", refused)


async def slack_interactions(request: Request) -> Response:
    services: Services = request.app.state.services
    secret = services.settings.slack_signing_secret
    body = await request.body()
    verifier = SignatureVerifier(secret or "-", clock=_SlackClock(services.clock))
    if not secret or not verifier.is_valid_request(body, dict(request.headers)):
        raise _unsigned("Slack")
    try:
        payload = json.loads(parse_qs(body.decode())["payload"][0])
        team, user = str(payload["team"]["id"]), str(payload["user"]["id"])
        kind = payload.get("type")
        channel = str((payload.get("channel") or {}).get("id", ""))
        pressed = payload["actions"][0] if kind == "block_actions" else None
        form = payload["view"] if kind == "view_submission" else None
    except (KeyError, IndexError, TypeError, ValueError, UnicodeDecodeError):
        raise _bad("Not a Slack interaction payload.") from None
    async with services.store.reading() as uow:
        connection = await uow.chat_connections.by_team(team)
    if connection is None:
        return Response(status_code=200)
    if form is not None:
        return await _reason_given(services, connection, user, form)
    if pressed is None or pressed.get("action_id") not in (APPROVE, REJECT):
        return Response(status_code=200)  # Open (a link) and anything else: nothing to do
    the_click = Click(
        connection.workspace_id,
        SLACK,
        user,
        str(pressed.get("value", "")),
        pressed["action_id"] == APPROVE,
    )
    trigger = payload.get("trigger_id")
    if not the_click.approve and trigger:
        # Reject asks for an optional reason in a form, once the click could decide.
        why_not = await refused(
            services.store,
            services.clock,
            the_click,
            public_url=services.settings.public_url,
            refusal=refusal,
        )
        if why_not is not None:
            return _privately(services, connection, channel, user, why_not.text)
        try:
            form_view = reason_form(the_click.action_id, channel)
            await services.chats.slack.open_view(
                services.chats.token(connection), str(trigger), form_view
            )
            return Response(status_code=200)
        except ChatRefused as problem:  # no form: reject without a reason
            log.warning("Slack did not open the reason form: %s", problem)
    answer = await click(
        services.store,
        services.clock,
        the_click,
        public_url=services.settings.public_url,
        decide=decide_action,
        wake_executor=services.wake_executor,
        wake_poster=services.wake_poster,
    )
    if answer.decided:
        return Response(status_code=200)
    return _privately(services, connection, channel, user, answer.text)


async def _reason_given(
    services: Services, connection: ChatConnection, user: str, form: dict[str, Any]
) -> Response:
    """The reason form sent: reject with it, or show in the form why nothing was decided."""
    if form.get("callback_id") != REASON_FORM:
        return Response(status_code=200)
    try:
        meta = json.loads(form.get("private_metadata") or "{}")
        reason = form["state"]["values"]["reason"]["reason"].get("value")
    except (KeyError, TypeError, ValueError):
        raise _bad("Not the reason form Countersign opened.") from None
    answer = await click(
        services.store,
        services.clock,
        Click(connection.workspace_id, SLACK, user, str(meta.get("action", "")), False),
        public_url=services.settings.public_url,
        decide=decide_action,
        wake_executor=services.wake_executor,
        wake_poster=services.wake_poster,
        note=reason,
    )
    if answer.decided:
        return Response(status_code=200)  # the form closes
    return JSONResponse({"response_action": "errors", "errors": {"reason": answer.text}})


def _privately(
    services: Services, connection: ChatConnection, channel: str, user: str, text: str
) -> Response:
    """200 now; the ephemeral reply (only `user` sees it) right after."""
    return Response(
        status_code=200,
        background=BackgroundTask(_ephemeral, services, connection, channel, user, text),
    )


async def _ephemeral(
    services: Services, connection: ChatConnection, channel: str, user: str, text: str
) -> None:
    try:
        await services.chats.slack.ephemeral(services.chats.token(connection), channel, user, text)
    except ChatRefused as problem:
        log.warning("a private Slack reply was refused: %s", problem)


async def telegram_updates(request: Request) -> Response:
    services: Services = request.app.state.services
    secret = services.settings.telegram_secret
    given = request.headers.get("x-telegram-bot-api-secret-token", "")
    if not secret or not hmac.compare_digest(given.encode(), secret.encode()):
        raise _unsigned("Telegram")
    await services.chats.telegram.ready()  # aiogram imported off the event loop
    from aiogram.types import Update

    try:
        update = Update.model_validate(json.loads(await request.body()))
    except ValueError:
        raise _bad("Not a Telegram update.") from None
    telegram = services.chats.telegram
    query = update.callback_query
    if query is not None:
        answer = await _telegram_click(services, query)
        return Response(
            status_code=200,
            background=BackgroundTask(_telegram_answer, services, query, answer),
        )
    message = update.message
    asked = (
        reason_asked(message.reply_to_message.text)
        if message and message.reply_to_message
        else None
    )
    if message is not None and asked and message.text and message.from_user:
        return await _telegram_reason(services, message, asked)
    if message is not None and message.text and message.text.startswith("/start"):
        parts = message.text.split()
        chat_id = str(message.chat.id)
        name = (
            await telegram_started(services.store, services.clock, parts[1], chat_id)
            if len(parts) > 1
            else None
        )
        text = (
            f"Connected: approval requests of {name} are posted here."
            if name
            else "That code is unknown, used or more than an hour old: take a new one from "
            "the Chat page of the dashboard."
        )
        return Response(
            status_code=200, background=BackgroundTask(_quietly, telegram.say, chat_id, text)
        )
    return Response(status_code=200)


async def _telegram_reason(services: Services, message: Any, action_id: str) -> Response:
    """A reply to Reject's question: reject with it as the note ("-": none), as the member the
    replying account is linked to; why not, privately."""
    async with services.store.reading() as uow:
        connection = await uow.chat_connections.by_channel(TELEGRAM, str(message.chat.id))
    if connection is None:
        return Response(status_code=200)
    reason = message.text.strip()
    user = str(message.from_user.id)
    answer = await click(
        services.store,
        services.clock,
        Click(connection.workspace_id, TELEGRAM, user, action_id, False),
        public_url=services.settings.public_url,
        decide=decide_action,
        wake_executor=services.wake_executor,
        wake_poster=services.wake_poster,
        note=None if reason in ("-", "—") else reason[:500],
    )
    if answer.decided:
        return Response(status_code=200)  # the message's edit shows it
    return Response(
        status_code=200,
        background=BackgroundTask(_quietly, services.chats.telegram.say, user, answer.text),
    )


async def _telegram_answer(services: Services, query: Any, answer: Answer) -> None:
    """Every click is answered. A button's answer holds 200 characters and shows no link to
    click: an unlinked person is also sent the whole text in a private chat with the bot
    (which Telegram allows once they have started one)."""
    telegram = services.chats.telegram
    if answer.asks_reason:
        await _quietly(telegram.answer, query.id, answer.text)
        user = query.from_user
        chat, message_id = str(query.message.chat.id), str(query.message.message_id)
        action_id = str(query.data).partition(":")[2]
        asked = Mention(str(user.id), user.first_name or "you")
        await _quietly(telegram.ask_reason, chat, message_id, asked, action_id)
        return
    if answer.link is None:
        await _quietly(telegram.answer, query.id, answer.text)
        return
    short = f"Nothing was decided: link your Telegram account first: {answer.link}"
    await _quietly(telegram.answer, query.id, short)
    await _quietly(telegram.say, str(query.from_user.id), answer.text)


async def _telegram_click(services: Services, query: Any) -> Answer:
    data = str(query.data or "")
    choice, _, action_id = data.partition(":")
    chat = query.message.chat.id if query.message is not None else None
    if choice not in (APPROVE, REJECT) or chat is None:
        return Answer(False, "Nothing to do.")
    async with services.store.reading() as uow:
        connection = await uow.chat_connections.by_channel(TELEGRAM, str(chat))
    if connection is None:
        return Answer(False, "This chat is not connected to a Countersign workspace.")
    the_click = Click(
        connection.workspace_id, TELEGRAM, str(query.from_user.id), action_id, choice == APPROVE
    )
    if not the_click.approve:
        # Reject asks for an optional reason (a reply), once the click could decide.
        why_not = await refused(
            services.store,
            services.clock,
            the_click,
            public_url=services.settings.public_url,
            refusal=refusal,
        )
        if why_not is not None:
            return why_not
        return Answer(
            False,
            "Reply to my question in the group with a reason, or - for none.",
            asks_reason=True,
        )
    return await click(
        services.store,
        services.clock,
        the_click,
        public_url=services.settings.public_url,
        decide=decide_action,
        wake_executor=services.wake_executor,
        wake_poster=services.wake_poster,
    )


def chat_routes() -> list[Route]:
    return [
        Route("/chat/slack/interactions", slack_interactions, methods=["POST"]),
        Route("/chat/telegram/updates", telegram_updates, methods=["POST"]),
    ]
