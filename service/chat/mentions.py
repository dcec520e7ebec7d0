"""Who a chat message mentions: the members an action was routed to (or, on escalation and
for a paused allowance, the owners and admins) who linked a chat account there. A member
without a linked account is still told by mail; the chat cannot name them."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from service.actions.model import Action
from service.chat.compose import Mention
from service.people.routing import managers_of, who_hears
from service.ports import UnitOfWork
from service.workspaces.model import Member


async def linked(
    uow: UnitOfWork, workspace_id: str, provider: str, members: Sequence[Member]
) -> tuple[Mention, ...]:
    """The members' chat accounts in that chat, in the members' order."""
    accounts: dict[str, list[str]] = {}
    for chat_user in await uow.chat_users.of_workspace(workspace_id):
        if chat_user.provider == provider:
            accounts.setdefault(chat_user.user_id, []).append(chat_user.chat_user_id)
    return tuple(
        Mention(chat_user_id, member.name or member.email)
        for member in members
        for chat_user_id in sorted(accounts.get(member.user_id, ()))
    )


async def routed(
    uow: UnitOfWork, action: Action, provider: str, now: dt.datetime
) -> tuple[tuple[Mention, ...], bool]:
    """The action's routing as recorded when it was announced (who_hears again when it was
    not recorded), as mentions; True when it went to the managers because nobody was on
    shift."""
    members = await uow.members.list(action.workspace_id)
    routing = action.routed_to if isinstance(action.routed_to, dict) else None
    if routing is None:
        heard = await who_hears(
            uow,
            action.workspace_id,
            action.account_id,
            action.approvers,
            action.requested_by_user,
            now,
        )
        chosen, fallback = list(heard.to), heard.fallback
    else:
        emails = {str(m.get("email")) for m in routing.get("to", []) if isinstance(m, dict)}
        chosen = [m for m in members if m.email in emails]
        fallback = bool(routing.get("fallback"))
    return await linked(uow, action.workspace_id, provider, chosen), fallback


async def managers(uow: UnitOfWork, workspace_id: str, provider: str) -> tuple[Mention, ...]:
    """The owners and admins, as an escalation or a paused allowance reaches them."""
    return await linked(uow, workspace_id, provider, await managers_of(uow, workspace_id))
