"""Escalation: a pending action older than its policy rule's `escalateAfterMinutes` is
escalated once, with its `action.escalated` event (the dispatcher's fan-outs then tell the
workspace's owners and admins: mail now, chat as it comes).

The time is stored with the action at creation (`escalate_at`, indexed over pending actions
only), so a restart loses nothing, and the move is one conditional write, so two replicas
sweeping at once escalate each action once. Escalating changes no status: the action stays
pending for anyone to decide.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Sequence

from service.actions.lifecycle import action_event
from service.ports import Store

log = logging.getLogger("countersign.escalation")

EVENT = "action.escalated"
SWEEP_SECONDS = 15.0
"""How often each replica looks for an escalation due (one index seek; a write only when one
is): an action is escalated at most this late."""


async def escalate_due(store: Store, now: dt.datetime) -> Sequence[str]:
    """Escalate every pending action whose time has come; their ids."""
    async with store.reading() as uow:
        if not await uow.actions.escalation_due(now):
            return []
    async with store.transaction() as uow:
        escalated = await uow.actions.escalate_due(now)
        for action in escalated:
            await uow.events.add(action_event(EVENT, action, now))
    if escalated:
        log.info("escalated %d pending actions", len(escalated))
    return [action.id for action in escalated]
