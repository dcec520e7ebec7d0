"""The revenue's storage port."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any, Protocol


class Transactions(Protocol):
    """Revenue: every observed version of a platform transaction, numbered in commit order."""

    async def latest_fingerprints(
        self, workspace_id: str, account_id: str, ids: Sequence[str]
    ) -> dict[str, str]: ...
    async def lock(self, workspace_id: str, now: dt.datetime) -> None: ...
    async def reserve(
        self, workspace_id: str, count: int, now: dt.datetime
    ) -> tuple[int, dt.datetime]: ...
    async def add_many(self, rows: Sequence[dict[str, Any]]) -> None: ...
    async def high_water(self, workspace_id: str) -> int: ...
    async def page(
        self,
        workspace_id: str,
        *,
        mode: str,
        account_id: str | None = None,
        only_accounts: Sequence[str] | None = None,
        after_seq: int = 0,
        since: dt.datetime | None = None,
        limit: int = 500,
    ) -> Sequence[dict[str, Any]]: ...
