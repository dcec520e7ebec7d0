"""An API key: its workspace, mode and scopes. Only its hash is kept."""

from __future__ import annotations

import datetime as dt

from attrs import frozen

SCOPES = ("read", "write", "admin")
"""`admin`: the settings the dashboard edits (policies, webhooks, members, keys) over `/v1`."""
MODES = ("live", "test")


@frozen
class ApiKey:
    id: str
    workspace_id: str
    name: str
    prefix: str
    secret_hash: str
    mode: str
    scopes: tuple[str, ...]
    account_ids: tuple[str, ...] | None
    created_at: dt.datetime
    expires_at: dt.datetime | None = None
    revoked_at: dt.datetime | None = None
    last_used_at: dt.datetime | None = None
