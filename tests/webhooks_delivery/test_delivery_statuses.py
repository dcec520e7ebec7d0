"""The delivery status table: every status is reached and left as documented, and the
deliverer's outcomes all start from the one status a lease is taken in."""

from __future__ import annotations

import pytest

from service.webhooks.statuses import ATTEMPTED, TABLE, DeliveryStatus, Trigger, dest, sources


def test_every_status_is_reached_and_only_succeeded_and_failed_are_redelivered():
    reached = {to for _, to in TABLE.values()}
    assert reached == set(DeliveryStatus)
    assert sources(Trigger.REDELIVER) == ["succeeded", "failed"]
    assert dest(Trigger.REDELIVER) == "pending"
    assert sources(Trigger.RESEND) == ["failed"]


def test_an_attempt_ends_only_from_pending_in_each_of_its_outcomes():
    assert sources(*ATTEMPTED) == ["pending"]
    assert {dest(t) for t in ATTEMPTED} == {"succeeded", "pending", "failed"}


def test_triggers_from_different_statuses_have_no_common_source():
    with pytest.raises(ValueError):
        sources(Trigger.SUCCEED, Trigger.RESEND)


def test_a_new_delivery_has_no_stored_source():
    assert sources(Trigger.DISPATCH) == [] and dest(Trigger.DISPATCH_DISABLED) == "failed"
