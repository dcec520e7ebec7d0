"""The audit log's record."""

from __future__ import annotations

import datetime as dt
from typing import Any

from attrs import field, frozen


@frozen
class AuditEntry:
    id: str
    workspace_id: str
    actor: dict[str, Any]
    action: str
    target: str | None
    created_at: dt.datetime
    details: dict[str, Any] = field(factory=dict)
