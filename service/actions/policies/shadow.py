"""Shadow allowances: a rule with `approvals: 0` and `shadow: true` approves nothing, and marks
each action it matches with what it would have done were it live (`shadow: {wouldApprove,
rule}`), so an owner sees an allowance's record before it may act alone.

It would approve when every live rule the action matches says 0 too (policy.requirement) and
it would have approved fewer than `maxPerDay` of the account's actions in the last 24 hours. The
count reads the shadow's own index and is not locked: creations racing on one account may each
see the last free use, so a shadow's day can show a few more than a live allowance would have
taken. That is a forecast's error, not a guard's, and it buys creation under a shadow rule the
cost of one indexed read.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from service.actions.policies.allowances import WINDOW
from service.actions.policies.policy import Requirement
from service.ports import UnitOfWork


async def verdict(
    uow: UnitOfWork,
    needs: Requirement,
    workspace_id: str,
    mode: str,
    account_id: str,
    now: dt.datetime,
) -> dict[str, Any]:
    """The action's `shadow` and `shadow_key` columns (empty when no shadow rule matched)."""
    shadow = needs.shadow
    if shadow is None:
        return {}
    would = needs.shadow_would
    if would:
        used = await uow.record.shadow_used(
            workspace_id, mode, account_id, shadow.key, now - WINDOW, shadow.per_day
        )
        would = used < shadow.per_day
    return {
        "shadow": {"wouldApprove": would, "rule": shadow.name},
        "shadow_key": shadow.key if would else None,
    }
