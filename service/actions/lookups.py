"""The synced data a type's `lookups` name, read before creation so its warnings can say
what the last sync lacks (service/actions/warnings.py words them). One small read per thing
named, all in the caller's reading unit of work; a family never synced is left out, so no
warning claims what no sync has looked at.
"""

from __future__ import annotations

from typing import Any

from service.accounts.model import Account
from service.actions.types import ActionType
from service.actions.warnings import Found
from service.domain.item_families import ItemFamily
from service.ports import UnitOfWork

SYNCED_AS = {
    "messages": "chats",
    "mass_messages": "chats",
    "vault_lists": "vault_lists",
    "vault_list_names": "vault_lists",
    "posts": "posts",
}
"""The sync state that says a family was read (messages come with the chats)."""


async def look_up(
    uow: UnitOfWork, account: Account, kind: ActionType, params: dict[str, Any]
) -> Found:
    lookups = kind.lookups(params)
    if not lookups:
        return {}
    ws, account_id, synced = account.workspace_id, account.id, uow.synced
    states = await synced.states(ws, account_id)
    found: dict[tuple[str, str], dict[str, Any] | None] = {}
    for lookup in lookups:
        if SYNCED_AS[lookup.family] not in states:
            continue
        key = lookup.key
        if lookup.family == "messages":
            item = await synced.message(ws, account_id, key)
        elif lookup.family == "mass_messages":
            total, copies = await synced.copies_of(ws, account_id, key, limit=1)
            item = copies[0] if total else None
        elif lookup.family == "vault_list_names":
            # A vault list's position in synced data is its name in lower case (family_sync).
            named = await synced.items(
                ws, account_id, ItemFamily.VAULT_LISTS, between=(key.lower(), key.lower()), limit=1
            )
            item = named[0] if named else None
        else:
            item = await synced.item(ws, account_id, ItemFamily(lookup.family), key)
        found[(lookup.family, key)] = item
    return found
