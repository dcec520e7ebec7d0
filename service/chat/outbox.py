"""The chat outbox's rows, written by the dispatcher in the transaction that marks each event
dispatched (as mail rows and webhook deliveries are): no message lost, none written twice.

- `action.created` of a pending action: one message per chat the workspace connected, in the
  account's channel or the workspace default. An action a policy's allowance approved at
  creation asks nobody for anything: nothing is posted.
- every later event of the action (approved, rejected, expired, cancelled, executed, failed):
  its messages are bumped, and the poster edits them in place to the state the action is in.
- `action.escalated`: its messages are bumped (they show it escalated) and a note is written
  per chat, mentioning the owners and admins (notes.py); `allowance.paused`: a note per chat,
  in the workspace's default channel.
- an approval counted toward a quorum, or an approver's edit, writes no event: the channel
  that made it bumps the messages itself (`show_counted`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from service.chat.models import (
    ACTION_MESSAGE,
    ESCALATION_NOTE,
    PAUSE_NOTE,
    QUEUED,
    ChatConnection,
    ChatMessage,
)
from service.domain.events import Event
from service.domain.ids import new_id
from service.ports import Store, UnitOfWork

UPDATING_EVENTS = frozenset(
    {
        "action.approved",
        "action.rejected",
        "action.expired",
        "action.cancelled",
        "action.executed",
        "action.failed",
    }
)


ESCALATED, PAUSED = "action.escalated", "allowance.paused"


async def queue_chat(uow: UnitOfWork, event: Event, now: dt.datetime) -> int:
    """The chat rows one event asks for (new messages, notes, or bumps); returns how many."""
    if event.type == PAUSED:
        # The note finds the account and its paused rule through the action that tipped it.
        last = str(event.data.get("lastActionId", ""))
        return await _add_all(uow, event, now, PAUSE_NOTE, last, by_account=False)
    if not event.type.startswith("action."):
        return 0
    action_id = str(event.data.get("id", ""))
    if event.type in UPDATING_EVENTS:
        return await uow.chat_messages.bump(action_id)
    if event.type == ESCALATED:
        bumped = await uow.chat_messages.bump(action_id)
        return bumped + await _add_all(uow, event, now, ESCALATION_NOTE, action_id)
    if event.type != "action.created" or event.data.get("status") != "pending":
        return 0
    return await _add_all(uow, event, now, ACTION_MESSAGE, action_id)


async def _add_all(
    uow: UnitOfWork,
    event: Event,
    now: dt.datetime,
    kind: str,
    action_id: str,
    *,
    by_account: bool = True,
) -> int:
    """One row per chat the workspace connected, in the account's channel (or the default)."""
    written = 0
    for connection in await uow.chat_connections.of_workspace(event.workspace_id):
        channel = _channel(connection, event.account_id or "", by_account=by_account)
        await uow.chat_messages.add(
            ChatMessage(
                id=new_id(kind),
                workspace_id=event.workspace_id,
                action_id=action_id,
                provider=connection.provider,
                channel=channel,
                status=QUEUED,
                wanted=1,
                sent=0,
                attempts=0,
                next_attempt_at=now,
                created_at=now,
            )
        )
        written += 1
    return written


def _channel(connection: ChatConnection, account_id: str, *, by_account: bool) -> str:
    return connection.channel_for(account_id) if by_account else connection.channel


async def show_counted(
    store: Store, action_id: str, status: str, *, chat_on: bool, wake_poster: Callable[[], None]
) -> None:
    """After a decision in the dashboard or the API that left the action pending (an approval
    counted, an edit): its chat messages show who approved so far."""
    if not chat_on or status != "pending":
        return
    async with store.transaction() as uow:
        bumped = await uow.chat_messages.bump(action_id)
    if bumped:
        wake_poster()
