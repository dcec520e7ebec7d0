"""Every status a webhook delivery can be in and every move between them: one table.

    from                 trigger            to
    (new)                dispatch           pending    its event is committed
    (new)                dispatch_disabled  failed     its endpoint is disabled: failed unsent
    pending              succeed            succeeded  a 2xx answer
    pending              retry              pending    another attempt is scheduled
    pending              give_up            failed     the last attempt, or 410 Gone
    pending              disable            failed     its endpoint was disabled
    failed               resend             pending    its endpoint was enabled again
    succeeded, failed    redeliver          pending    a person asked for it again

service/webhooks/delivery.py and dispatch.py pick the trigger; storage's conditional writes
take their `WHERE status IN (...)` from `sources`, so a move not in the table writes nothing.
"""

from __future__ import annotations

from enum import StrEnum


class DeliveryStatus(StrEnum):
    PENDING = "pending"
    SUCCEEDED = "succeeded"
    FAILED = "failed"


class Trigger(StrEnum):
    DISPATCH = "dispatch"
    DISPATCH_DISABLED = "dispatch_disabled"
    SUCCEED = "succeed"
    RETRY = "retry"
    GIVE_UP = "give_up"
    DISABLE = "disable"
    RESEND = "resend"
    REDELIVER = "redeliver"


PENDING, SUCCEEDED, FAILED = DeliveryStatus.PENDING, DeliveryStatus.SUCCEEDED, DeliveryStatus.FAILED

TABLE: dict[Trigger, tuple[tuple[DeliveryStatus | None, ...], DeliveryStatus]] = {
    Trigger.DISPATCH: ((None,), PENDING),
    Trigger.DISPATCH_DISABLED: ((None,), FAILED),
    Trigger.SUCCEED: ((PENDING,), SUCCEEDED),
    Trigger.RETRY: ((PENDING,), PENDING),
    Trigger.GIVE_UP: ((PENDING,), FAILED),
    Trigger.DISABLE: ((PENDING,), FAILED),
    Trigger.RESEND: ((FAILED,), PENDING),
    Trigger.REDELIVER: ((SUCCEEDED, FAILED), PENDING),
}
"""Trigger → (the statuses it moves from, None for a new delivery; the status it moves to)."""

ATTEMPTED = (Trigger.SUCCEED, Trigger.RETRY, Trigger.GIVE_UP)
"""The outcomes of an attempt: the deliverer records one of them, only from `pending`."""


def sources(*triggers: Trigger) -> list[str]:
    """The stored statuses the triggers move from (the same for all of them)."""
    found = {TABLE[trigger][0] for trigger in triggers}
    if len(found) != 1:
        raise ValueError(f"{triggers} move from different statuses")
    return [status.value for status in found.pop() if status is not None]


def dest(trigger: Trigger) -> str:
    """The status the trigger moves to, as stored."""
    return TABLE[trigger][1].value
