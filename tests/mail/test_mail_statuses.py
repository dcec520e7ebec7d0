"""The mail status table: every stored status is reached, and every outcome the mailer records
starts from the one status a lease is taken in."""

from __future__ import annotations

import pytest

from service.mail.models import MAIL_STATUSES
from service.mail.statuses import ATTEMPTED, TABLE, MailStatus, Trigger, dest, source


def test_the_table_reaches_every_stored_status():
    assert {to for _, to in TABLE.values()} == set(MailStatus) == set(MAIL_STATUSES)


def test_every_outcome_of_an_attempt_starts_from_pending():
    assert source(*ATTEMPTED) == "pending"
    assert {dest(t) for t in ATTEMPTED} == {"sent", "pending", "failed", "skipped"}


def test_only_held_mails_fold_and_a_new_mail_has_no_stored_source():
    assert (source(Trigger.FOLD), dest(Trigger.FOLD)) == ("held", "folded")
    with pytest.raises(ValueError):
        source(Trigger.QUEUE)
    with pytest.raises(ValueError):
        source(Trigger.FOLD, Trigger.SEND)
