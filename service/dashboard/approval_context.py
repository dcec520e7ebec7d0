"""What an approver needs beside the action, from synced data.

- `send_message`: the fan (name, subscription status, spend) and the chat's last messages;
- `unsend_message`: the message being unsent (text, when, to whom), or for a mass message
  how many copies it left and to whom;
- `send_mass_message`: each list by name with its size, the excluded lists, the estimate.

Nothing here calls the platform: the page must open fast and work while it is down.
"""

from __future__ import annotations

from typing import Any

from service.actions.model import Action
from service.domain.models import Fan
from storage.base import UnitOfWork

RECENT = 6


def _fan(fan: Fan | None, fan_id: str) -> dict[str, Any]:
    if fan is None:
        return {"id": fan_id, "label": None, "status": None}
    label = f"{fan.name} (@{fan.username})" if fan.name else f"@{fan.username}"
    return {"id": fan.id, "label": label, "status": fan.subscription_status}


async def approval_context(uow: UnitOfWork, action: Action) -> dict[str, Any]:
    prm, ws, account_id = action.params or {}, action.workspace_id, action.account_id
    synced = uow.synced
    if action.type == "send_message" and isinstance(prm.get("fanId"), str):
        fan_id = prm["fanId"]
        recent = await synced.messages(ws, account_id, fan_id, limit=RECENT)
        return {
            "fan": _fan(await uow.fans.get(ws, account_id, fan_id), fan_id),
            "spend": (await synced.fan_spend(ws, account_id, fan_id))["gross"],
            "recent": list(reversed(recent)),
        }
    if action.type == "unsend_message" and isinstance(prm.get("messageId"), str):
        if isinstance(prm.get("fanId"), str):
            fan_id = prm["fanId"]
            return {
                "fan": _fan(await uow.fans.get(ws, account_id, fan_id), fan_id),
                "unsending": await synced.message(ws, account_id, prm["messageId"]),
            }
        total, copies = await synced.copies_of(ws, account_id, prm["messageId"])
        fans = await uow.fans.get_many(ws, account_id, [c["fanId"] for c in copies])
        return {
            "unsending": copies[0] if copies else None,
            "copies": total,
            "copy_fans": [_fan(f, f.id) for f in fans],
        }
    if action.type == "send_mass_message":
        audience = prm.get("audience") or {}

        async def named(ids: Any) -> list[dict[str, Any]]:
            found = []
            for list_id in ids if isinstance(ids, list) else []:
                item = await synced.item(ws, account_id, "fan_lists", str(list_id))
                found.append(item or {"id": str(list_id), "name": None, "fansCount": None})
            return found

        return {
            "lists": await named(audience.get("listIds")),
            "excluded": await named(audience.get("excludeListIds")),
            "fan_count": len(audience.get("fanIds") or []),
            "estimate": action.estimated_recipients,
        }
    return {}
