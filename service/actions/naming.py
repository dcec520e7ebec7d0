"""Actions as people read them: the fans and lists a summary names, by their synced names with
the id beside ("fan Toby J. (@tobyjensen14, 10282669)"), falling back to the bare id where the
data is not synced yet.

Only what is shown changes: the stored `summary` (the API's field, what the person approved)
stays as it was written when the action was created. The ids replaced are only those the
action's own params name, so a number in a message's text is never touched.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from attrs import frozen

from service.actions.model import Action
from service.actions.types import REGISTRY
from service.ports import UnitOfWork


@frozen
class Names:
    fans: Mapping[str, str]
    """fan id → "Name (@username)" or "@username"."""
    lists: Mapping[str, str]
    """list id → its name."""


NONE = Names({}, {})


def _ids(action: Action) -> tuple[list[str], list[str]]:
    kind = REGISTRY.get(action.type)
    if kind is None:
        return [], []
    params: dict[str, Any] = action.params or {}
    try:
        fans = [str(fan_id) for _, fan_id in kind.fans(params)]
        lists = [str(list_id) for _, list_id in kind.lists(params)]
    except (KeyError, TypeError, AttributeError):
        return [], []
    return fans, lists


async def names_for(uow: UnitOfWork, actions: Iterable[Action]) -> Names:
    """The synced names of every fan and list these actions name: one read per account."""
    wanted: dict[tuple[str, str], set[str]] = {}
    lists_wanted: dict[tuple[str, str], set[str]] = {}
    for action in actions:
        fans, lists = _ids(action)
        where = (action.workspace_id, action.account_id)
        wanted.setdefault(where, set()).update(fans)
        if lists:
            lists_wanted.setdefault(where, set()).update(lists)
    fan_names: dict[str, str] = {}
    for (workspace_id, account_id), ids in wanted.items():
        if not ids:
            continue
        for fan in await uow.fans.get_many(workspace_id, account_id, sorted(ids)[:200]):
            fan_names[fan.id] = f"{fan.name} (@{fan.username})" if fan.name else f"@{fan.username}"
    list_names: dict[str, str] = {}
    for (workspace_id, account_id), ids in lists_wanted.items():
        account = await uow.accounts.get(workspace_id, account_id)
        for item in (account.fan_lists or []) if account is not None else []:
            if str(item.get("id")) in ids and item.get("name"):
                list_names[str(item["id"])] = str(item["name"])
    return Names(fan_names, list_names)


def named_summary(action: Action, names: Names) -> str:
    """`action.summary` with the fans and lists its params name shown by name, id beside."""
    fans, lists = _ids(action)
    text = action.summary

    def fan(found: re.Match[str]) -> str:
        fan_id = found.group(2)
        label = names.fans.get(fan_id) if fan_id in fans else None
        return f"{found.group(1)} {label} ({fan_id})" if label else found.group(0)

    def fan_list(found: re.Match[str]) -> str:
        list_id = found.group(2)
        name = names.lists.get(list_id) if list_id in lists else None
        return f'{found.group(1)} "{name}" ({list_id})' if name else found.group(0)

    text = re.sub(r"\b(fan) (\w+)\b", fan, text)
    return re.sub(r"\b(list) (\w+)\b", fan_list, text)
