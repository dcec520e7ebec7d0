"""The synced families kept as items (`synced_items.family`), named once.

The syncer writes them (service/synced/families.py declares the listed ones) and action types,
the API and lookups read them by family: an enum, so a misspelt family is a type error rather
than a read that silently finds nothing.
"""

from __future__ import annotations

from enum import StrEnum


class ItemFamily(StrEnum):
    FAN_LISTS = "fan_lists"
    POSTS = "posts"
    VAULT_LISTS = "vault_lists"
    VAULT_MEDIA = "vault_media"
    EARNINGS = "earnings"
    """A day of earnings per item, keyed by its date."""
