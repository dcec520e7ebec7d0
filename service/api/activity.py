"""GET /v1/accounts/{accountId}/activity: the account's actions per day by outcome, for scripts
(the dashboard's Activity page draws the same figures)."""

from __future__ import annotations

from service.actions.policies.activity import account_activity, activity_json
from service.api.endpoint import Call, Reply, endpoint


@endpoint("getAccountActivity")
async def get_account_activity(call: Call) -> Reply:
    q = call.params.query
    activity = await account_activity(
        call.services.store,
        call.principal,
        call.params.path["accountId"],
        q.get("from"),
        q.get("to"),
        call.services.clock.now(),
    )
    return Reply({"data": activity_json(activity)})
