"""The action types: the registry (registry.py) and one module per family of types, each
entry declaring everything its type needs (schemas, summary, warnings, platform call, result,
approval page context). Importing this package registers every type.

To add a type: one `register(ActionType(...))` in the family's module (or a new module named
in `FAMILIES`), its params and result schemas in openapi.yaml, a sandbox answer for each of
its routes (service/platform/sandbox_writes.py), then `python -m service.actions.types_docs`;
the registry tests say what is missing (docs/architecture.md has the whole recipe).
"""

from __future__ import annotations

import importlib

from service.actions.types.registry import (
    REGISTRY,
    ActionType,
    Audience,
    Lookup,
    Performs,
    PlatformCall,
    Source,
    names,
    price_of,
    register,
    type_of,
)

FAMILIES = ("messages", "fan_lists", "chats", "vault", "users", "content")
"""The family modules, imported in this order: the registry (and so `GET /v1/action-types`,
the ActionType enum and the docs table) lists their types in it."""
FAMILY_TITLES = {
    "messages": "Messages",
    "fan_lists": "Fan lists",
    "chats": "Chats",
    "vault": "Vault",
    "users": "The creator's account",
    "content": "Posts and stories",
}
"""Each family as the dashboard's forms head it."""
FAMILY_OF: dict[str, str] = {}
"""Each type's family module, as registered."""
for _family in FAMILIES:
    _before = set(REGISTRY)
    importlib.import_module(f"{__name__}.{_family}")
    FAMILY_OF.update({name: _family for name in REGISTRY if name not in _before})


def by_family() -> list[tuple[str, list[ActionType]]]:
    """The types under their family's title, in the registry's order."""
    return [
        (FAMILY_TITLES[family], [k for k in REGISTRY.values() if FAMILY_OF[k.name] == family])
        for family in FAMILIES
    ]


__all__ = [
    "FAMILY_OF",
    "FAMILY_TITLES",
    "REGISTRY",
    "ActionType",
    "Audience",
    "Lookup",
    "Performs",
    "PlatformCall",
    "Source",
    "by_family",
    "names",
    "price_of",
    "register",
    "type_of",
]
