"""Fan lists: `add_fan_to_list` and `remove_fan_from_list`."""

from __future__ import annotations

from service.actions.model import Action
from service.actions.types.context import fan_of
from service.actions.types.reads import Reads
from service.actions.types.registry import (
    ActionType,
    Json,
    PlatformCall,
    fan_named,
    list_named,
    performs,
    register,
)
from service.domain.item_families import ItemFamily


async def _membership_context(reads: Reads, action: Action) -> Json:
    """The fan, and the list by name with its size."""
    prm = action.params or {}
    list_id = str(prm.get("listId", ""))
    fan_list = await reads.synced.item(
        action.workspace_id, action.account_id, ItemFamily.FAN_LISTS, list_id
    )
    return {
        "fan": await fan_of(reads, action, str(prm.get("fanId", ""))),
        "fan_list": fan_list or {"id": list_id, "name": None, "fansCount": None},
    }


register(
    ActionType(
        name="add_fan_to_list",
        label="Add a fan to a list",
        params_schema="AddFanToListParams",
        result_schemas=("AddFanToListResult",),
        summary=lambda p, at, _, n: f"Add {n.fan(p['fanId'])} to {at}'s {n.fan_list(p['listId'])}.",
        call=lambda p: PlatformCall(
            "POST /lists/:id/users", {"id": p["listId"]}, {"userIds": [p["fanId"]]}
        ),
        result=lambda p, made: {"fanId": p["fanId"], "listId": p["listId"], "inList": True},
        fans=fan_named,
        lists=list_named,
        description="Adds one fan to one of the creator's fan lists.",
        performs=(
            performs(
                "POST /lists/:id/users",
                ("listId", "path id"),
                ("fanId", "body userIds", "one fan per action"),
            ),
        ),
        approval=_membership_context,
    )
)

register(
    ActionType(
        name="remove_fan_from_list",
        label="Remove a fan from a list",
        params_schema="RemoveFanFromListParams",
        result_schemas=("RemoveFanFromListResult",),
        summary=lambda p, at, _, n: (
            f"Remove {n.fan(p['fanId'])} from {at}'s {n.fan_list(p['listId'])}."
        ),
        call=lambda p: PlatformCall(
            "DELETE /lists/:id/users/:userId", {"id": p["listId"], "userId": p["fanId"]}
        ),
        result=lambda p, made: {"fanId": p["fanId"], "listId": p["listId"], "inList": False},
        fans=fan_named,
        lists=list_named,
        description="Removes one fan from one of the creator's fan lists.",
        performs=(
            performs(
                "DELETE /lists/:id/users/:userId", ("listId", "path id"), ("fanId", "path userId")
            ),
        ),
        approval=_membership_context,
    )
)
