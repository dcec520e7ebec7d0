"""The hosted links' storage port. `**values: Unpack[LinkChanges]` names the columns a write may
change, so mypy checks every column name and value type a caller passes: the record's fields
(service/linking/model.py) minus its identity; tests/storage/test_changes.py keeps them in step
with the record."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any, Protocol, TypedDict, Unpack

from service.linking.model import Link

Json = dict[str, Any]


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


class Links(Protocol):
    async def add(self, link: Link) -> None: ...
    async def get(self, workspace_id: str, link_id: str) -> Link | None: ...
    async def get_by_token_hash(self, token_hash: str) -> Link | None: ...
    async def recent(self, workspace_id: str, mode: str, limit: int = 100) -> Sequence[Link]: ...
    async def transition(
        self, link_id: str, from_statuses: Sequence[str], **values: Unpack[LinkChanges]
    ) -> Link | None: ...
    async def count_attempt(
        self, link_id: str, from_statuses: Sequence[str], limit: int
    ) -> Link | None:
        """Raise the link's `attempts` by one if it is still in one of `from_statuses` and
        below `limit`, in one conditional write; None (nothing written) otherwise. Parallel
        callers each get a different count, and no more than `limit` of them succeed."""

    async def release_attempt(self, link_id: str) -> None:
        """Give back one counted attempt (the platform never judged it: it did not answer,
        or the step succeeded); never below zero."""
