"""The chat outbox's rows, written by the dispatcher in the transaction that marks each event
dispatched (as mail rows and webhook deliveries are): no message lost, none written twice.

- `action.created` of a pending action: one message per chat the workspace connected, in the
  account's channel or the workspace default. An action a policy's allowance approved at
  creation asks nobody for anything: nothing is posted.
- every later event of the action (approved, rejected, expired, cancelled, executed, failed):
  its messages are bumped, and the poster edits them in place to the state the action is in.
- an approval counted toward a quorum, or an approver's edit, writes no event: the channel
  that made it bumps the messages itself (`show_counted`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from service.chat.models import QUEUED, ChatMessage
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


async def queue_chat(uow: UnitOfWork, event: Event, now: dt.datetime) -> int:
    """The chat rows one event asks for (new messages, or bumps); returns how many."""
    if not isinstance(event.data, dict) or not event.type.startswith("action."):
        return 0
    action_id = str(event.data.get("id", ""))
    if event.type in UPDATING_EVENTS:
        return await uow.chat_messages.bump(action_id)
    if event.type != "action.created" or event.data.get("status") != "pending":
        return 0
    written = 0
    for connection in await uow.chat_connections.of_workspace(event.workspace_id):
        await uow.chat_messages.add(
            ChatMessage(
                id=new_id("chm_"),
                workspace_id=event.workspace_id,
                action_id=action_id,
                provider=connection.provider,
                channel=connection.channel_for(event.account_id or ""),
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
