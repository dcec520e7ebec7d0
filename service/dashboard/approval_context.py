"""What an approver needs beside the action, from synced data: each type's registry entry
declares its own context (service/actions/types/), and the action page renders whichever keys
it finds. Nothing here calls the platform: the page must open fast and work while it is down.
"""

from __future__ import annotations

from typing import Any

from service.actions.model import Action
from service.actions.types import REGISTRY
from service.ports import UnitOfWork


async def approval_context(uow: UnitOfWork, action: Action) -> dict[str, Any]:
    kind = REGISTRY.get(action.type)
    if kind is None or kind.approval is None:
        return {}
    return await kind.approval(uow, action)
