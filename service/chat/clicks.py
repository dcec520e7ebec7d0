"""A click on Approve or Reject in a chat.

A click decides through the same use case as the dashboard (the actions feature's
`decide_action`, handed in by the chat's channel adapter as `decide`), as the member the chat
user is linked to: quorum, admins-only, no-self-approval, test mode and the writes switch hold
whatever the channel. A click that decides nothing (an unlinked chat user, a policy's refusal,
an action already decided) is answered privately with why; an unlinked chat user also gets a
one-time link where the member signs in and confirms who they are.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from attrs import frozen

from service.actions.model import Action
from service.actions.transitions import PENDING, effective
from service.chat.models import USER_LINK
from service.chat.usecases import PROVIDER_NAMES, new_code
from service.domain.clock import Clock
from service.domain.principal import Principal
from service.errors.api_error import ApiError
from service.ports import Store


class Decide(Protocol):
    """Approve or reject a pending action as `principal`: the dashboard's use case."""

    async def __call__(
        self,
        store: Store,
        clock: Clock,
        principal: Principal,
        action_id: str,
        *,
        approve: bool,
        note: str | None,
        wake_executor: Callable[[], None],
    ) -> Action: ...


class Refusal(Protocol):
    """Why `principal` may not decide this pending action under its policy (None: they may)."""

    def __call__(
        self, principal: Principal, action: Action, *, approve: bool
    ) -> ApiError | None: ...


@frozen
class Click:
    workspace_id: str
    provider: str
    chat_user_id: str
    action_id: str
    approve: bool


@frozen
class Answer:
    decided: bool
    text: str  # what the clicker is told privately
    link: str | None = None  # the one-time page to confirm who they are (an unlinked click)
    asks_reason: bool = False  # a Reject that could decide: the chat asks for a reason first


async def _decider(
    store: Store, clock: Clock, the_click: Click, public_url: str
) -> Principal | Answer:
    """The member the chat user is linked to, as a signed-in person; or why nobody."""
    async with store.reading() as uow:
        linked = await uow.chat_users.get(
            the_click.workspace_id, the_click.provider, the_click.chat_user_id
        )
        member = await uow.members.get(the_click.workspace_id, linked.user_id) if linked else None
        user = await uow.users.get(member.user_id) if member else None
    if member is not None and user is not None:
        return Principal.person(the_click.workspace_id, user, member.role)
    code = await new_code(
        store,
        clock,
        USER_LINK,
        the_click.workspace_id,
        the_click.provider,
        chat_user_id=the_click.chat_user_id,
    )
    name = PROVIDER_NAMES[the_click.provider]
    link = f"{public_url}/dashboard/chat/link/{code}"
    return Answer(
        False,
        f"Nothing was decided: your {name} account is not linked to a Countersign member. "
        f"Sign in and confirm it is you (the link works once, for an hour): {link}",
        link,
    )


async def refused(
    store: Store, clock: Clock, the_click: Click, *, public_url: str, refusal: Refusal
) -> Answer | None:
    """Why this click could not decide now (None: it could): asked before a chat opens a form
    for the click (Slack's reason for a rejection), so nobody fills in a form for nothing."""
    decider = await _decider(store, clock, the_click, public_url)
    if isinstance(decider, Answer):
        return decider
    async with store.reading() as uow:
        action = await uow.actions.get(the_click.workspace_id, the_click.action_id)
    if action is None:
        return Answer(False, "Nothing was decided: no such action.")
    action = effective(action, clock.now())
    if action.status != PENDING:
        return Answer(False, f"Nothing was decided: the action is already {action.status}.")
    refusing = refusal(decider, action, approve=the_click.approve)
    return Answer(False, f"Nothing was decided: {refusing.message}") if refusing else None


async def click(
    store: Store,
    clock: Clock,
    the_click: Click,
    *,
    public_url: str,
    decide: Decide,
    wake_executor: Callable[[], None],
    wake_poster: Callable[[], None],
    note: str | None = None,
) -> Answer:
    """Decide as the linked member, through the dashboard's use case; or say why not."""
    decider = await _decider(store, clock, the_click, public_url)
    if isinstance(decider, Answer):
        return decider
    try:
        action = await decide(
            store,
            clock,
            decider,
            the_click.action_id,
            approve=the_click.approve,
            note=note or None,
            wake_executor=wake_executor,
        )
    except ApiError as error:
        return Answer(False, f"Nothing was decided: {error.message}")
    # An approval that does not complete the quorum writes no event: show it now.
    async with store.transaction() as uow:
        await uow.chat_messages.bump(action.id)
    wake_poster()
    if action.status == "pending":
        return Answer(True, f"Your approval is counted; it needs {action.approvals_needed} more.")
    return Answer(True, "You approved it." if the_click.approve else "You rejected it.")
