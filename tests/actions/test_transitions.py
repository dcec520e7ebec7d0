"""The transition table: every move an action can make, and nothing else."""

from __future__ import annotations

import datetime as dt

import pytest

from service.actions.model import Action
from service.actions.transitions import (
    STATUSES,
    TABLE,
    IllegalMove,
    Trigger,
    effective,
    move,
    sources,
)

NOW = dt.datetime(2026, 11, 25, 9, tzinfo=dt.UTC)


def an_action(status: str, expires_in: dt.timedelta = dt.timedelta(hours=1)) -> Action:
    return Action(
        id="act_1",
        workspace_id="ws_1",
        account_id="acc_1",
        mode="live",
        type="send_message",
        status=status,
        params={},
        summary="",
        estimated_recipients=1,
        price=None,
        requested_by={},
        idempotency_key="k",
        fingerprint="f",
        created_at=NOW - dt.timedelta(hours=1),
        expires_at=NOW + expires_in,
    )


def test_the_table_moves_between_known_statuses_once_each():
    assert all(m.dest in STATUSES and m.source in (None, *STATUSES) for m in TABLE)
    assert len({(m.source, m.trigger) for m in TABLE}) == len(TABLE)
    finals = {"rejected", "expired", "executed", "failed", "cancelled"}
    assert not [m for m in TABLE if m.source in finals], "nothing leaves a final status"


@pytest.mark.parametrize(
    ("trigger", "source"),
    [
        (Trigger.APPROVE, "approved"),
        (Trigger.APPROVE, "expired"),
        (Trigger.CLAIM, "pending"),
        (Trigger.SUCCEED, "approved"),
        (Trigger.FAIL, "executed"),
        (Trigger.EXPIRE, "approved"),
        (Trigger.CREATE, "pending"),
        (Trigger.CANCEL, "executing"),
        (Trigger.CANCEL, "cancelled"),
    ],
)
def test_a_move_not_in_the_table_is_refused(trigger, source):
    with pytest.raises(IllegalMove):
        move(trigger, source)


def test_side_effects_are_data():
    assert move(Trigger.APPROVE, "pending").wake_executor
    assert move(Trigger.REJECT, "pending").event == "action.rejected"
    assert move(Trigger.FAIL, "executing").event == "action.failed"
    assert move(Trigger.EXPIRE, "pending").event == "action.expired"
    assert move(Trigger.CREATE, None).event == "action.created"
    assert sources(Trigger.CLAIM) == ("approved",)
    # A cancel and the executor's claim start from the same status: one conditional write wins.
    assert set(sources(Trigger.CANCEL)) == {"pending", "approved"}
    assert move(Trigger.CANCEL, "approved").event == "action.cancelled"
    assert move(Trigger.CANCEL, "pending").wake_deliverer


def test_expiry_on_read_is_the_tables_expire_move():
    assert effective(an_action("pending", -dt.timedelta(seconds=1)), NOW).status == "expired"
    assert effective(an_action("pending", dt.timedelta(0)), NOW).status == "expired"
    assert effective(an_action("pending"), NOW).status == "pending"
    assert effective(an_action("approved", -dt.timedelta(hours=2)), NOW).status == "approved"
