"""The API keys' storage port."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Literal, Protocol

from attrs import frozen

from service.keys.model import ApiKey


@frozen
class ReadAlong:
    """One row of the key's workspace that the key lookup reads in its own statement: what a
    request reads first (the action a poll asks for) then costs no round trip of its own. The
    unit of work keeps it for that read; a row the request never reads is dropped with the
    unit. Checks (the key's mode, the accounts it may reach) stay with the reader."""

    table: Literal["actions", "accounts_for_create"]
    """What is read: an action, or an account with what a creation reads beside it."""
    id: str
    fan_id: str | None = None
    """A creation's: the one fan its params name, of that account (its facts read it next)."""


class ApiKeys(Protocol):
    async def add(self, key: ApiKey) -> None: ...
    async def get(self, workspace_id: str, key_id: str) -> ApiKey | None: ...
    async def get_by_hash(
        self, secret_hash: str, along: ReadAlong | None = None
    ) -> ApiKey | None: ...
    async def list(self, workspace_id: str) -> Sequence[ApiKey]: ...
    async def revoke(self, workspace_id: str, key_id: str, at: dt.datetime) -> ApiKey | None: ...
    async def touch(self, key_id: str, at: dt.datetime) -> None: ...
