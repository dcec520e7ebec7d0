"""The outbox's record, shared by every feature that reports a change."""

from __future__ import annotations

import datetime as dt
from typing import Any

from attrs import frozen

Json = dict[str, Any]


@frozen
class Event:
    """An outbox row: written in the same transaction as the change it reports."""

    id: str
    workspace_id: str
    type: str
    account_id: str | None
    data: Json
    created_at: dt.datetime
    mode: str  # live | test: delivered only to endpoints of the same mode
    seq: int | None = None
