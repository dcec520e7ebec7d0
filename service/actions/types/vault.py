"""The vault: lists of media (`create_vault_list`, `rename_vault_list`, `delete_vault_list`,
`add_media_to_vault_list`, `remove_media_from_vault_list`) and hiding media
(`hide_vault_media`). Media ids named in `mediaIds` are checked against the synced vault by
the warnings every type shares (service/actions/warnings.py)."""

from __future__ import annotations

from service.actions.model import Action
from service.actions.types.context import thumbnails, vault_list_of
from service.actions.types.reads import Reads
from service.actions.types.registry import (
    ActionType,
    Json,
    Lookup,
    Params,
    PlatformCall,
    count,
    performs,
    register,
)

NAME_LIMIT = 100
"""Characters in a vault list's name: the platform refuses a longer one (openapi.yaml's
VaultListName says the same; docs/decisions.md says why this limit)."""


def _list(params: Params) -> Lookup:
    return Lookup("listId", "vault_lists", params["listId"])


def _name_taken(params: Params) -> Lookup:
    return Lookup("name", "vault_list_names", params["name"], unless_id=params.get("listId"))


def _media(params: Params) -> str:
    return count(len(params["mediaIds"]), "media item")


async def _list_context(reads: Reads, action: Action) -> Json:
    """The vault list by name with its size, and its new name when there is one."""
    prm = action.params or {}
    found = await vault_list_of(reads, action, str(prm.get("listId", "")))
    return {"vault_list": found, "new_name": prm.get("name")}


async def _new_list_context(reads: Reads, action: Action) -> Json:
    return {"new_name": (action.params or {}).get("name")}


async def _media_context(reads: Reads, action: Action) -> Json:
    """The vault list, and the media as thumbnails from the synced vault."""
    prm = action.params or {}
    media = await thumbnails(reads, action, [str(m) for m in prm.get("mediaIds") or []])
    out: Json = {"media": media}
    if "listId" in prm:
        out["vault_list"] = await vault_list_of(reads, action, str(prm["listId"]))
    return out


register(
    ActionType(
        name="create_vault_list",
        label="Create a vault list",
        params_schema="CreateVaultListParams",
        result_schemas=("CreateVaultListResult",),
        summary=lambda p, at, _, n: f'Create a vault list named "{p["name"]}" in {at}\'s vault.',
        call=lambda p: PlatformCall("POST /vault/lists", body={"name": p["name"]}),
        result=lambda p, made: {"listId": made, "name": p["name"]},
        returns_id=True,
        lookups=lambda p: [_name_taken(p)],
        description=(
            "Creates an empty vault list (a named folder of vault media); `result.listId` is "
            f"the new list's id. Names are 1 to {NAME_LIMIT} characters."
        ),
        performs=(performs("POST /vault/lists", ("name", "body name")),),
        approval=_new_list_context,
    )
)

register(
    ActionType(
        name="rename_vault_list",
        label="Rename a vault list",
        params_schema="RenameVaultListParams",
        result_schemas=("RenameVaultListResult",),
        summary=lambda p, at, _, n: f'Rename {at}\'s {n.vault_list(p["listId"])} to "{p["name"]}".',
        call=lambda p: PlatformCall(
            "PATCH /vault/lists/:id", {"id": p["listId"]}, {"name": p["name"]}
        ),
        result=lambda p, made: {"listId": p["listId"], "name": p["name"], "renamed": True},
        lookups=lambda p: [_list(p), _name_taken(p)],
        description="Renames a vault list; its media stay as they are.",
        performs=(
            performs("PATCH /vault/lists/:id", ("listId", "path id"), ("name", "body name")),
        ),
        approval=_list_context,
    )
)

register(
    ActionType(
        name="delete_vault_list",
        label="Delete a vault list",
        params_schema="DeleteVaultListParams",
        result_schemas=("DeleteVaultListResult",),
        summary=lambda p, at, _, n: (
            f"Delete {at}'s {n.vault_list(p['listId'])} (its media stay in the vault)."
        ),
        call=lambda p: PlatformCall("DELETE /vault/lists/:id", {"id": p["listId"]}),
        result=lambda p, made: {"listId": p["listId"], "deleted": True},
        lookups=lambda p: [_list(p)],
        description="Deletes a vault list. The media it held stay in the vault.",
        performs=(performs("DELETE /vault/lists/:id", ("listId", "path id")),),
        approval=_list_context,
    )
)

register(
    ActionType(
        name="add_media_to_vault_list",
        label="Add media to a vault list",
        params_schema="AddMediaToVaultListParams",
        result_schemas=("AddMediaToVaultListResult",),
        summary=lambda p, at, _, n: f"Add {_media(p)} to {at}'s {n.vault_list(p['listId'])}.",
        call=lambda p: PlatformCall(
            "POST /vault/lists/:id/media", {"id": p["listId"]}, {"mediaIds": list(p["mediaIds"])}
        ),
        result=lambda p, made: {
            "listId": p["listId"],
            "mediaIds": list(p["mediaIds"]),
            "inList": True,
        },
        lookups=lambda p: [_list(p)],
        description="Adds vault media to a vault list (media already in it stay once).",
        performs=(
            performs(
                "POST /vault/lists/:id/media", ("listId", "path id"), ("mediaIds", "body mediaIds")
            ),
        ),
        approval=_media_context,
    )
)

register(
    ActionType(
        name="remove_media_from_vault_list",
        label="Remove media from a vault list",
        params_schema="RemoveMediaFromVaultListParams",
        result_schemas=("RemoveMediaFromVaultListResult",),
        summary=lambda p, at, _, n: (
            f"Remove {_media(p)} from {at}'s {n.vault_list(p['listId'])} (they stay in the vault)."
        ),
        call=lambda p: PlatformCall(
            "DELETE /vault/lists/:id/media",
            {"id": p["listId"]},
            {"mediaIds": list(p["mediaIds"])},
        ),
        result=lambda p, made: {
            "listId": p["listId"],
            "mediaIds": list(p["mediaIds"]),
            "inList": False,
        },
        lookups=lambda p: [_list(p)],
        description="Takes vault media out of a vault list; the media stay in the vault.",
        performs=(
            performs(
                "DELETE /vault/lists/:id/media",
                ("listId", "path id"),
                ("mediaIds", "body mediaIds"),
            ),
        ),
        approval=_media_context,
    )
)

register(
    ActionType(
        name="hide_vault_media",
        label="Hide or show vault media",
        params_schema="HideVaultMediaParams",
        result_schemas=("HideVaultMediaResult",),
        summary=lambda p, at, _, n: (
            f"{'Hide' if p['hidden'] else 'Unhide'} {_media(p)} in {at}'s vault."
        ),
        call=lambda p: PlatformCall(
            "PUT /vault/media/hidden", body={"mediaIds": list(p["mediaIds"]), "hidden": p["hidden"]}
        ),
        result=lambda p, made: {"mediaIds": list(p["mediaIds"]), "hidden": p["hidden"]},
        description=(
            "Hides vault media from the creator's vault views (`hidden: true`) or shows them "
            "again (`hidden: false`); nothing is deleted and posts or messages that used them "
            "keep them."
        ),
        performs=(
            performs(
                "PUT /vault/media/hidden",
                ("mediaIds", "body mediaIds"),
                ("hidden", "body hidden", "true hides, false shows again"),
            ),
        ),
        approval=_media_context,
    )
)
