"""Pieces approval page contexts share: a fan as a person reads it, a vault list, media as
thumbnails. Synced data only; what the last sync lacks is shown as its id, marked unknown."""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from typing import Any

from service.actions.model import Action
from service.actions.types.reads import Reads
from service.domain.item_families import ItemFamily
from service.domain.messages import visible_text
from service.synced.model import Fan

RECENT = 6
"""Messages of the chat shown above a message's Approve button."""
THUMBNAILS = 24
"""Media shown as thumbnails; the rest are counted."""

_WORDS = re.compile(r"\S+|\s+")


def fan_card(fan: Fan | None, fan_id: str) -> dict[str, Any]:
    if fan is None:
        return {"id": fan_id, "label": None, "status": None}
    label = f"{fan.name} (@{fan.username})" if fan.name else f"@{fan.username}"
    return {"id": fan.id, "label": label, "status": fan.subscription_status}


async def fan_of(reads: Reads, action: Action, fan_id: str) -> dict[str, Any]:
    return fan_card(await reads.fans.get(action.workspace_id, action.account_id, fan_id), fan_id)


async def vault_list_of(reads: Reads, action: Action, list_id: str) -> dict[str, Any]:
    found = await reads.synced.item(
        action.workspace_id, action.account_id, ItemFamily.VAULT_LISTS, list_id
    )
    return found or {"id": list_id, "name": None, "mediaCount": None}


async def thumbnails(reads: Reads, action: Action, media_ids: Iterable[str]) -> dict[str, Any]:
    """The first media as the vault's synced previews (`previewUrl`, type, hidden or not)."""
    ids = list(media_ids)
    shown = []
    for media_id in ids[:THUMBNAILS]:
        found = await reads.synced.item(
            action.workspace_id, action.account_id, ItemFamily.VAULT_MEDIA, media_id
        )
        if found is None:
            shown.append({"id": media_id, "type": None, "previewUrl": None, "unknown": True})
            continue
        preview = found.get("previewUrl")
        # Only https previews: the dashboard loads no image over plain http.
        safe = preview if isinstance(preview, str) and preview.startswith("https://") else None
        shown.append({**found, "previewUrl": safe})
    return {"tiles": shown, "more": max(0, len(ids) - THUMBNAILS)}


def word_diff(before: str, after: str) -> list[dict[str, str]]:
    """What a fan reads before and after, word by word: `same`, `removed` and `added` runs
    (HTML-escaped by the template, never rendered as markup)."""
    old, new = _WORDS.findall(visible_text(before)), _WORDS.findall(visible_text(after))
    runs: list[dict[str, str]] = []
    matcher = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
    for op, a1, a2, b1, b2 in matcher.get_opcodes():
        if op == "equal":
            runs.append({"op": "same", "text": "".join(old[a1:a2])})
            continue
        if a2 > a1:
            runs.append({"op": "removed", "text": "".join(old[a1:a2])})
        if b2 > b1:
            runs.append({"op": "added", "text": "".join(new[b1:b2])})
    return runs
