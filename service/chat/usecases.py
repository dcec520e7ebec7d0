"""Approvals in chat: connecting a chat and linking people (a click on Approve or Reject is
clicks.py's). Links are read at every click: unlinking or removing a member stops their clicks
at once.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import secrets

from service.chat.models import (
    SLACK,
    SLACK_STATE,
    START_CODE,
    TELEGRAM,
    USER_LINK,
    ChatCode,
    ChatConnection,
    ChatUser,
)
from service.chat.refusals import ChatRefused
from service.chat.sending import Chats
from service.domain.access import require
from service.domain.audit import record_in
from service.domain.clock import Clock
from service.domain.permissions import Permission
from service.domain.principal import Principal
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.kit.crypto import SecretBox
from service.ports import Store

LINK_LIFETIME = dt.timedelta(hours=1)
"""How long a one-time code (a link to confirm, a Telegram `/start` code, a Slack `state`)
can be spent."""
PROVIDER_NAMES = {SLACK: "Slack", TELEGRAM: "Telegram"}


def _hash(code: str) -> str:
    return hashlib.sha256(code.encode()).hexdigest()


async def new_code(
    store: Store,
    clock: Clock,
    kind: str,
    workspace_id: str,
    provider: str,
    *,
    chat_user_id: str | None = None,
    user_id: str | None = None,
) -> str:
    code = secrets.token_urlsafe(12)
    now = clock.now()
    async with store.transaction() as uow:
        await uow.chat_codes.add(
            ChatCode(
                code_hash=_hash(code),
                kind=kind,
                workspace_id=workspace_id,
                provider=provider,
                created_at=now,
                expires_at=now + LINK_LIFETIME,
                chat_user_id=chat_user_id,
                user_id=user_id,
            )
        )
    return code


# --- connecting a chat (admins; the CLI; "Add to Slack") ------------------------------------


async def connect(
    store: Store,
    clock: Clock,
    principal: Principal,
    provider: str,
    channel: str,
    *,
    bot_token: str | None = None,
    team_id: str | None = None,
    box: SecretBox | None = None,
    account_id: str | None = None,
) -> ChatConnection:
    """Connect the workspace's Slack (its bot token sealed) or Telegram group, or, with
    `account_id`, post that account's requests to `channel` instead of the default."""
    require(principal, Permission.WEBHOOKS_MANAGE)
    if provider not in PROVIDER_NAMES:
        raise ApiError(ErrorCode.INVALID_PARAMETER, "Choose slack or telegram.", param="provider")
    if not channel:
        raise ApiError(ErrorCode.INVALID_PARAMETER, "Name a channel.", param="channel")
    async with store.transaction() as uow:
        existing = await uow.chat_connections.get(principal.workspace_id, provider)
        if account_id is not None:
            if existing is None:
                raise ApiError(
                    ErrorCode.RESOURCE_NOT_FOUND,
                    f"Connect {PROVIDER_NAMES[provider]} first, then choose account channels.",
                )
            if await uow.accounts.get(principal.workspace_id, account_id) is None:
                raise ApiError(ErrorCode.ACCOUNT_NOT_FOUND, param="accountId")
            connection = ChatConnection(
                workspace_id=existing.workspace_id,
                provider=provider,
                channel=existing.channel,
                connected_at=existing.connected_at,
                account_channels={**existing.account_channels, account_id: channel},
                team_id=existing.team_id,
                bot_token=existing.bot_token,
            )
        else:
            sealed = box.seal_text(bot_token) if bot_token and box else None
            connection = ChatConnection(
                workspace_id=principal.workspace_id,
                provider=provider,
                channel=channel,
                connected_at=clock.now(),
                account_channels=existing.account_channels if existing else {},
                team_id=team_id,
                bot_token=sealed,
            )
        await uow.chat_connections.save(connection)
    return connection


async def telegram_start_code(store: Store, clock: Clock, principal: Principal) -> str:
    """The code an admin sends in a Telegram group (`/start <code>`) to connect it."""
    require(principal, Permission.WEBHOOKS_MANAGE)
    return await new_code(store, clock, START_CODE, principal.workspace_id, TELEGRAM)


async def telegram_started(store: Store, clock: Clock, code: str, chat_id: str) -> str | None:
    """A group sent `/start <code>`: connect it to the code's workspace. Returns the
    workspace's name, None when the code is unknown, used or expired."""
    now = clock.now()
    async with store.transaction() as uow:
        spent = await uow.chat_codes.spend(_hash(code), START_CODE, now)
        if spent is None:
            return None
        existing = await uow.chat_connections.get(spent.workspace_id, TELEGRAM)
        await uow.chat_connections.save(
            ChatConnection(
                workspace_id=spent.workspace_id,
                provider=TELEGRAM,
                channel=chat_id,
                connected_at=now,
                account_channels=existing.account_channels if existing else {},
            )
        )
        workspace = await uow.workspaces.get(spent.workspace_id)
    return workspace.name if workspace else spent.workspace_id


async def slack_state(store: Store, clock: Clock, principal: Principal) -> str:
    """The OAuth `state` of one "Add to Slack": spent by the callback, by the same person."""
    require(principal, Permission.WEBHOOKS_MANAGE)
    return await new_code(
        store, clock, SLACK_STATE, principal.workspace_id, SLACK, user_id=principal.user_id
    )


async def install_slack(
    store: Store,
    clock: Clock,
    principal: Principal,
    chats: Chats,
    *,
    client_id: str,
    client_secret: str,
    code: str,
    state: str,
    redirect_uri: str,
) -> ChatConnection:
    """ "Add to Slack" came back: the `state` must be one this person started here (once, within
    the hour), then the code is exchanged for the bot token, stored sealed."""
    require(principal, Permission.WEBHOOKS_MANAGE)
    async with store.transaction() as uow:
        spent = await uow.chat_codes.spend(_hash(state), SLACK_STATE, clock.now())
    if (
        spent is None
        or spent.workspace_id != principal.workspace_id
        or spent.user_id != principal.user_id
    ):
        raise ApiError(
            ErrorCode.MISSING_PERMISSION,
            "This Slack installation was not started here, or more than an hour ago: "
            "start it again from the Chat page.",
            permission="csrf",
        )
    try:
        granted = await chats.slack.exchange(client_id, client_secret, code, redirect_uri)
    except ChatRefused as refused:
        raise ApiError(
            ErrorCode.PLATFORM_ERROR, f"Slack did not finish the installation: {refused}"
        ) from None
    team = str((granted.get("team") or {}).get("id", ""))
    channel = str((granted.get("incoming_webhook") or {}).get("channel_id", ""))
    async with store.reading() as uow:
        existing = await uow.chat_connections.get(principal.workspace_id, SLACK)
    return await connect(
        store,
        clock,
        principal,
        SLACK,
        channel or (existing.channel if existing else "general"),
        bot_token=str(granted.get("access_token", "")),
        team_id=team,
        box=chats.box,
    )


# --- linking people ---------------------------------------------------------------------


async def link_user(
    store: Store,
    clock: Clock,
    principal: Principal,
    email: str,
    provider: str,
    chat_user_id: str,
) -> ChatUser:
    """An admin links a chat account to a member (`countersign chat link-user`)."""
    require(principal, Permission.MEMBERS_MANAGE)
    async with store.transaction() as uow:
        user = await uow.users.get_by_email(email.strip().lower())
        member = await uow.members.get(principal.workspace_id, user.id) if user else None
        if user is None or member is None:
            raise ApiError(
                ErrorCode.RESOURCE_NOT_FOUND, f"{email} is not a member of this workspace."
            )
        linked = ChatUser(principal.workspace_id, provider, chat_user_id, user.id, clock.now())
        await uow.chat_users.link(linked)
        await record_in(
            uow,
            clock,
            principal,
            "chat.user_linked",
            user.email,
            chatUser=chat_user_id,
            provider=provider,
        )
    return linked


async def unlink_user(store: Store, principal: Principal, provider: str, chat_user_id: str) -> None:
    """Their next click decides nothing (a member may unlink themselves)."""
    async with store.transaction() as uow:
        linked = await uow.chat_users.get(principal.workspace_id, provider, chat_user_id)
        if linked is not None and linked.user_id != principal.user_id:
            require(principal, Permission.MEMBERS_MANAGE)
        await uow.chat_users.unlink(principal.workspace_id, provider, chat_user_id)


async def pending_link(store: Store, clock: Clock, code: str) -> ChatCode | None:
    async with store.reading() as uow:
        return await uow.chat_codes.peek(_hash(code), USER_LINK, clock.now())


async def confirm_link(store: Store, clock: Clock, principal: Principal, code: str) -> ChatUser:
    """The signed-in member confirms the chat account that clicked is theirs (once)."""
    if principal.user_id is None:
        raise ApiError(ErrorCode.NOT_SIGNED_IN)
    now = clock.now()
    async with store.transaction() as uow:
        spent = await uow.chat_codes.spend(_hash(code), USER_LINK, now)
        if spent is None or spent.chat_user_id is None:
            raise ApiError(
                ErrorCode.RESOURCE_NOT_FOUND,
                "This link was used already or is more than an hour old: click in the chat "
                "again for a new one.",
            )
        if spent.workspace_id != principal.workspace_id:
            raise ApiError(
                ErrorCode.MISSING_PERMISSION,
                "This link is for another workspace: switch to it, then open the link again.",
            )
        linked = ChatUser(
            spent.workspace_id, spent.provider, spent.chat_user_id, principal.user_id, now
        )
        await uow.chat_users.link(linked)
    return linked
