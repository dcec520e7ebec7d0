"""The typed column sets of repository writes (each feature's repository.py) name exactly the
records' writable fields, with the same types: a field added to a record is writable at once,
and a column the record does not have cannot be named."""

from __future__ import annotations

import typing

import attrs
import pytest

from service.accounts.model import Account
from service.accounts.repository import AccountChanges
from service.actions.model import Action
from service.actions.repository import ActionChanges
from service.linking.model import Link
from service.linking.repository import LinkChanges
from service.webhooks.models import WebhookEndpoint
from service.webhooks.repository import WebhookChanges

CASES = [
    (ActionChanges, Action, {"id", "workspace_id", "status"}),
    (AccountChanges, Account, {"id", "workspace_id"}),
    (LinkChanges, Link, {"id", "workspace_id"}),
    (WebhookChanges, WebhookEndpoint, {"id", "workspace_id"}),
]


@pytest.mark.parametrize(("typed", "record", "identity"), CASES)
def test_changes_are_the_records_fields_but_its_identity(typed, record, identity):
    fields = typing.get_type_hints(record)
    columns = typing.get_type_hints(typed)
    assert set(columns) == {f.name for f in attrs.fields(record)} - identity
    assert {name: fields[name] for name in columns} == columns
    assert not typed.__required_keys__, "every column is optional in a write"
