"""The synced data an approval page context may read: a slice of storage's reading unit of
work, declared here because storage sits above the registry (storage loads the action model).
mypy checks that storage's `UnitOfWork` satisfies it wherever the dashboard passes one in.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any, Protocol

from service.domain.item_families import ItemFamily
from service.synced.model import Fan


class FanReads(Protocol):
    async def get(self, workspace_id: str, account_id: str, fan_id: str) -> Fan | None: ...
    async def get_many(
        self, workspace_id: str, account_id: str, fan_ids: Sequence[str]
    ) -> Sequence[Fan]: ...


class SyncedReads(Protocol):
    async def messages(
        self,
        workspace_id: str,
        account_id: str,
        fan_id: str,
        *,
        search: str | None = None,
        after: tuple[dt.datetime, str] | None = None,
        limit: int = 25,
    ) -> Sequence[dict[str, Any]]: ...
    async def message(
        self, workspace_id: str, account_id: str, message_id: str
    ) -> dict[str, Any] | None: ...
    async def copies_of(
        self, workspace_id: str, account_id: str, mass_message_id: str, limit: int = 10
    ) -> tuple[int, Sequence[dict[str, Any]]]: ...
    async def item(
        self, workspace_id: str, account_id: str, family: ItemFamily, item_id: str
    ) -> dict[str, Any] | None: ...
    async def fan_spend(
        self, workspace_id: str, account_id: str, fan_id: str
    ) -> dict[str, Any]: ...


class Reads(Protocol):
    @property
    def fans(self) -> FanReads: ...
    @property
    def synced(self) -> SyncedReads: ...
