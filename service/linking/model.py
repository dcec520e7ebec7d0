"""A hosted link: the page a creator links an account through, and how far they got."""

from __future__ import annotations

import datetime as dt
from typing import Any

from attrs import field, frozen

Json = dict[str, Any]


@frozen
class Link:
    id: str
    workspace_id: str
    mode: str
    status: str
    step: str | None
    token_hash: str  # sha256 of the URL's token (service/linking/tokens.py); never the token
    note: str | None
    account_id: str | None
    created_at: dt.datetime
    expires_at: dt.datetime
    state: Json = field(factory=dict)
    attempts: int = 0  # sign-in attempts counted so far (at most steps.MAX_ATTEMPTS)
