"""Chat connections and member links as settings: listed, removed and linked over /v1 and by
`countersign apply`. Connecting a chat with its bot token stays with the dashboard and the CLI
(secret material); nothing here ever hands the token out."""

from __future__ import annotations

from collections.abc import Sequence

from attrs import evolve

from service.chat.models import PROVIDERS, ChatConnection, ChatUser
from service.chat.usecases import PROVIDER_NAMES, link_user
from service.domain.access import require, require_mode
from service.domain.audit import record_in
from service.domain.clock import Clock
from service.domain.permissions import Permission
from service.domain.principal import Principal
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.ports import Store


def _provider(provider: str) -> str:
    if provider not in PROVIDERS:
        raise ApiError(ErrorCode.INVALID_PARAMETER, "Choose slack or telegram.", param="provider")
    return provider


async def connections(store: Store, principal: Principal) -> Sequence[ChatConnection]:
    require(principal, Permission.WEBHOOKS_MANAGE)
    async with store.reading() as uow:
        return await uow.chat_connections.of_workspace(principal.workspace_id)


async def disconnect(store: Store, clock: Clock, principal: Principal, provider: str) -> None:
    """Stop posting to this chat; its links to members stay, for when it is connected again."""
    require(principal, Permission.WEBHOOKS_MANAGE)
    require_mode(principal, "live")
    async with store.transaction() as uow:
        if await uow.chat_connections.get(principal.workspace_id, _provider(provider)) is None:
            raise ApiError(
                ErrorCode.RESOURCE_NOT_FOUND, f"{PROVIDER_NAMES[provider]} is not connected."
            )
        await uow.chat_connections.remove(principal.workspace_id, provider)
        await record_in(uow, clock, principal, "chat.disconnected", provider)


def link_id(link: ChatUser) -> str:
    """A link's id in /v1: `provider:chatUserId` (a chat user is linked to one member)."""
    return f"{link.provider}:{link.chat_user_id}"


async def links(store: Store, principal: Principal) -> list[tuple[ChatUser, str]]:
    """Every chat user linked to a member, with the member's email."""
    require(principal, Permission.MEMBERS_MANAGE)
    async with store.reading() as uow:
        found = await uow.chat_users.of_workspace(principal.workspace_id)
        emails = {m.user_id: m.email for m in await uow.members.list(principal.workspace_id)}
    return [(link, emails.get(link.user_id, "")) for link in found]


async def link(
    store: Store,
    clock: Clock,
    principal: Principal,
    provider: str,
    chat_user_id: str,
    *,
    email: str | None = None,
    member_id: str | None = None,
) -> ChatUser:
    """Link a chat user to a member named by email or by user id (as `countersign chat
    link-user` does); their clicks then decide as that member."""
    require(principal, Permission.MEMBERS_MANAGE)
    require_mode(principal, "live")
    _provider(provider)
    if not chat_user_id.strip():
        raise ApiError(ErrorCode.INVALID_PARAMETER, "Name the chat user.", param="chatUserId")
    if email is None:
        async with store.reading() as uow:
            member = await uow.members.get(principal.workspace_id, member_id or "")
        if member is None:
            raise ApiError(
                ErrorCode.RESOURCE_NOT_FOUND, "No such member in this workspace.", param="memberId"
            )
        email = member.email
    return await link_user(store, clock, principal, email, provider, chat_user_id.strip())


async def unlink(store: Store, clock: Clock, principal: Principal, id_: str) -> None:
    """Remove a link by its /v1 id; the chat user's next click decides nothing."""
    require(principal, Permission.MEMBERS_MANAGE)
    require_mode(principal, "live")
    provider, _, chat_user_id = id_.partition(":")
    async with store.transaction() as uow:
        found = (
            await uow.chat_users.get(principal.workspace_id, provider, chat_user_id)
            if provider in PROVIDERS
            else None
        )
        if found is None:
            raise ApiError(ErrorCode.RESOURCE_NOT_FOUND, "No such chat link.", param="chatLinkId")
        await uow.chat_users.unlink(principal.workspace_id, provider, chat_user_id)
        await record_in(uow, clock, principal, "chat.user_unlinked", id_)


async def set_channels(
    store: Store,
    clock: Clock,
    principal: Principal,
    provider: str,
    channel: str,
    account_channels: dict[str, str],
) -> ChatConnection:
    """Where a connected chat posts (`countersign apply`): the default channel and the whole
    per-account map. Its bot token and Slack team are kept as they are; a chat not connected
    is refused (connecting needs the token, which no settings file holds)."""
    require(principal, Permission.WEBHOOKS_MANAGE)
    require_mode(principal, "live")
    if not channel:
        raise ApiError(ErrorCode.INVALID_PARAMETER, "Name a channel.", param="channel")
    async with store.transaction() as uow:
        existing = await uow.chat_connections.get(principal.workspace_id, _provider(provider))
        if existing is None:
            raise ApiError(
                ErrorCode.RESOURCE_NOT_FOUND, f"{PROVIDER_NAMES[provider]} is not connected."
            )
        wanted = sorted(account_channels)
        known = {
            a.id
            for a in await uow.accounts.list(
                principal.workspace_id, only=wanted, limit=len(wanted) + 1
            )
        }
        if set(wanted) - known:
            raise ApiError(ErrorCode.ACCOUNT_NOT_FOUND, param="accountId")
        updated = evolve(existing, channel=channel, account_channels=dict(account_channels))
        await uow.chat_connections.save(updated)
        await record_in(
            uow,
            clock,
            principal,
            "chat.channels_set",
            provider,
            channel=channel,
            accounts=dict(account_channels),
        )
    return updated
