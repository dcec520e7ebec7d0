"""Every status a mail can be in and every move between them: one table.

    from      trigger   to        why
    (new)     queue     pending   an approval mailed at once, or a reminder
    (new)     hold      held      an approval kept for its member's digest
    held      fold      folded    folded into a digest (itself a new `pending` mail)
    pending   send      sent      the server took it
    pending   retry     pending   a refusal the server may take back: tried again later
    pending   give_up   failed    a final refusal, an unbuildable mail, or the last retry
    pending   skip      skipped   its actions were decided before it went out

service/mail/notifications.py and mailer.py pick the trigger; storage's conditional writes
take their `WHERE status` from `sources`, so a move not in the table writes nothing.
"""

from __future__ import annotations

from enum import StrEnum


class MailStatus(StrEnum):
    HELD = "held"
    PENDING = "pending"
    SENT = "sent"
    FAILED = "failed"
    SKIPPED = "skipped"
    FOLDED = "folded"


class Trigger(StrEnum):
    QUEUE = "queue"
    HOLD = "hold"
    FOLD = "fold"
    SEND = "send"
    RETRY = "retry"
    GIVE_UP = "give_up"
    SKIP = "skip"


S = MailStatus
TABLE: dict[Trigger, tuple[MailStatus | None, MailStatus]] = {
    Trigger.QUEUE: (None, S.PENDING),
    Trigger.HOLD: (None, S.HELD),
    Trigger.FOLD: (S.HELD, S.FOLDED),
    Trigger.SEND: (S.PENDING, S.SENT),
    Trigger.RETRY: (S.PENDING, S.PENDING),
    Trigger.GIVE_UP: (S.PENDING, S.FAILED),
    Trigger.SKIP: (S.PENDING, S.SKIPPED),
}
"""Trigger → (the status it moves from, None for a new mail; the status it moves to)."""

ATTEMPTED = (Trigger.SEND, Trigger.RETRY, Trigger.GIVE_UP, Trigger.SKIP)
"""What the mailer records for a claimed mail, only from `pending`."""


def source(*triggers: Trigger) -> str:
    """The stored status the triggers move from (the same for all of them)."""
    found = {TABLE[trigger][0] for trigger in triggers}
    if len(found) != 1 or None in found:
        raise ValueError(f"{triggers} do not move from one stored status")
    status = found.pop()
    assert status is not None
    return status.value


def dest(trigger: Trigger) -> str:
    """The status the trigger moves to, as stored."""
    return TABLE[trigger][1].value
