"""The synced platform data's storage ports: fans, and chats, messages and the other
families."""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection, Sequence
from typing import Any, Protocol

from service.domain.item_families import ItemFamily
from service.domain.stored_json import StoredJson
from service.synced.model import Fan


class Fans(Protocol):
    async def replace(self, workspace_id: str, account_id: str, fans: Sequence[Fan]) -> None: ...
    async def put_many(self, workspace_id: str, account_id: str, fans: Sequence[Fan]) -> None:
        """Insert or overwrite these fans, leaving the account's others as they are."""

    async def prune(self, workspace_id: str, account_id: str, keep: Collection[str]) -> int:
        """Delete the account's fans not in `keep`, in bounded batches; how many went."""

    async def get(self, workspace_id: str, account_id: str, fan_id: str) -> Fan | None: ...
    async def get_many(
        self, workspace_id: str, account_id: str, fan_ids: Sequence[str]
    ) -> Sequence[Fan]: ...
    async def list(
        self,
        workspace_id: str,
        account_id: str,
        *,
        search: str | None = None,
        after: str | None = None,
        limit: int = 25,
    ) -> Sequence[Fan]: ...
    async def count_audience(
        self,
        workspace_id: str,
        account_id: str,
        *,
        fan_ids: Sequence[str],
        list_ids: Sequence[str],
        exclude_list_ids: Sequence[str],
    ) -> int:
        """Active fans named in `fan_ids` or on a list in `list_ids` and on none in
        `exclude_list_ids`, plus the ids in `fan_ids` no synced fan has (they may be new)."""


class Synced(Protocol):
    """Synced platform data beyond accounts and fans (storage/sql/repos/synced/items.py says more)."""

    async def chats(
        self,
        workspace_id: str,
        account_id: str,
        *,
        after: tuple[dt.datetime, str] | None = None,
        limit: int = 25,
    ) -> Sequence[dict[str, Any]]: ...
    async def chat(
        self, workspace_id: str, account_id: str, fan_id: str
    ) -> dict[str, Any] | None: ...
    async def chat_heads(self, workspace_id: str, account_id: str) -> dict[str, str | None]: ...
    async def put_chats(
        self,
        workspace_id: str,
        account_id: str,
        chats: Sequence[dict[str, Any]],
        *,
        newer_only: bool = False,
    ) -> None: ...
    async def count_chats(self, workspace_id: str, account_id: str) -> int: ...
    async def trim_chats(self, workspace_id: str, account_id: str, keep: int) -> int: ...
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
    async def rendered_messages(
        self,
        workspace_id: str,
        account_id: str,
        fan_id: str,
        *,
        search: str | None = None,
        after: tuple[dt.datetime, str] | None = None,
        limit: int = 25,
    ) -> Sequence[dict[str, Any] | StoredJson]: ...
    async def message(
        self, workspace_id: str, account_id: str, message_id: str
    ) -> dict[str, Any] | None: ...
    async def copies_of(
        self, workspace_id: str, account_id: str, mass_message_id: str, limit: int = 10
    ) -> tuple[int, Sequence[dict[str, Any]]]: ...
    async def newest_message_id(
        self, workspace_id: str, account_id: str, fan_id: str
    ) -> str | None: ...
    async def add_messages(
        self, workspace_id: str, account_id: str, messages: Sequence[dict[str, Any]]
    ) -> None: ...
    async def trim_messages(
        self, workspace_id: str, account_id: str, fan_id: str, keep: int
    ) -> None: ...
    async def remove_messages(
        self,
        workspace_id: str,
        account_id: str,
        *,
        message_id: str | None = None,
        mass_message_id: str | None = None,
    ) -> Sequence[str]: ...
    async def items(
        self,
        workspace_id: str,
        account_id: str,
        family: ItemFamily,
        *,
        newest_first: bool = False,
        tag: str | None = None,
        between: tuple[str, str] | None = None,
        after: tuple[str, str] | None = None,
        limit: int = 25,
    ) -> Sequence[dict[str, Any]]: ...
    async def item(
        self, workspace_id: str, account_id: str, family: ItemFamily, item_id: str
    ) -> dict[str, Any] | None: ...
    async def replace_items(
        self,
        workspace_id: str,
        account_id: str,
        family: ItemFamily,
        items: Sequence[tuple[str, str, Sequence[str], dict[str, Any]]],
    ) -> None: ...
    async def states(
        self, workspace_id: str, account_id: str
    ) -> dict[str, tuple[dt.datetime, Any]]: ...
    async def set_state(
        self, workspace_id: str, account_id: str, family: str, at: dt.datetime, signature: Any
    ) -> None: ...
    async def clear_state(self, workspace_id: str, account_id: str, family: str) -> None: ...
    async def fan_spend(
        self, workspace_id: str, account_id: str, fan_id: str
    ) -> dict[str, Any]: ...
