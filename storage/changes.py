"""The columns a conditional write may change, per aggregate: repository writes take
`**values: Unpack[...]` of these, so mypy checks every column name and value type a caller
passes (a misspelt column or a wrong type fails `make lint`, not a request at run time).

Each is the record's fields (service/actions/model.py, service/domain/models.py,
service/webhooks/models.py) minus its identity and, for actions, `status` (a move's
destination, given on its own); tests/storage/test_changes.py keeps them in step with the
records."""

from __future__ import annotations

import datetime as dt
from typing import Any, TypedDict

Json = dict[str, Any]


class ActionChanges(TypedDict, total=False):
    account_id: str
    mode: str
    type: str
    params: Json
    summary: str
    estimated_recipients: int | None
    price: Json | None
    requested_by: Json
    idempotency_key: str
    fingerprint: str
    created_at: dt.datetime
    expires_at: dt.datetime
    decided_by: Json | None
    decision_note: str | None
    decided_at: dt.datetime | None
    executed_at: dt.datetime | None
    result: Json | None
    error: Json | None
    claimed_by: str | None
    claimed_at: dt.datetime | None
    warnings: list[Json]
    approvals: list[Json]
    approvals_required: int
    approvers: str
    revision: int
    requested_by_user: str | None
    requested_params: Json | None
    edited_by: Json | None
    edited_at: dt.datetime | None
    replaces: str | None
    replaced_by: str | None
    execution_attempts: int
    last_error: Json | None
    next_attempt_at: dt.datetime | None
    retrying_since: dt.datetime | None
    run_at: dt.datetime | None


class AccountChanges(TypedDict, total=False):
    mode: str
    username: str
    name: str | None
    avatar_url: str | None
    status: str
    status_reason: str | None
    writes_enabled: bool
    linked_at: dt.datetime | None
    last_synced_at: dt.datetime | None
    counts: Json
    revenue30d: Json
    subscription_price: Json | None
    session_secret: bytes | None
    fan_lists: tuple[Json, ...] | list[Json] | None
    media_ids: tuple[str, ...] | list[str] | None
    policy: list[Json] | None


class LinkChanges(TypedDict, total=False):
    mode: str
    status: str
    step: str | None
    token_hash: str
    note: str | None
    account_id: str | None
    created_at: dt.datetime
    expires_at: dt.datetime
    state: Json
    attempts: int


class WebhookChanges(TypedDict, total=False):
    kind: str
    mode: str
    url: str
    secrets: list[dict[str, Any]]
    event_types: list[str] | None
    failing: bool
    created_at: dt.datetime
    disabled_at: dt.datetime | None
    failing_since: dt.datetime | None
    auto_disabled_at: dt.datetime | None
    disabled_reason: str | None
