"""GET /v1/accounts and GET /v1/accounts/{accountId}: synced data by default."""

from __future__ import annotations

from collections.abc import Sequence

from service.accounts.model import Account
from service.accounts.render import account_detail_json, account_json
from service.actions.policies.usecases import account_policy
from service.actions.reach import visible_account
from service.api.endpoint import Call, Reply, endpoint
from service.domain.clock import isoformat
from service.http.paging import Pager, by_id


@endpoint("listAccounts", shares_reader=True)
async def list_accounts(call: Call) -> Reply:
    p, q = call.principal, call.params.query
    filters = {"mode": p.mode, "key": p.key_id or p.user_id}
    pager = Pager(call.services.cursors, "accounts", filters, q["limit"], by_id)
    after = pager.start(q.get("cursor"))
    async with call.reading() as uow:
        rows = await uow.accounts.list(
            p.workspace_id, mode=p.mode, only=p.account_ids, after=after, limit=pager.limit + 1
        )
    page = pager.page(rows, lambda a: [a.id])
    return Reply(
        {
            "data": [account_json(a) for a in page.items],
            "hasMore": page.more,
            "nextCursor": page.cursor,
            "meta": call.meta("synced", _newest_sync(page.items)),
        }
    )


def _newest_sync(accounts: Sequence[Account]) -> str | None:
    times = [a.last_synced_at for a in accounts if a.last_synced_at is not None]
    return isoformat(max(times)) if times else None


@endpoint("getAccount")
async def get_account(call: Call) -> Reply:
    account_id = call.params.path["accountId"]
    async with call.services.store.reading() as uow:
        account = await visible_account(uow, call.principal, account_id)
        policy = await account_policy(uow, account, call.services.clock.now())
    if call.params.query.get("fresh"):
        account, read_at = await call.services.live.account(account)
        return Reply(
            {
                "data": account_detail_json(account, policy),
                "meta": call.meta("live", isoformat(read_at)),
            }
        )
    return Reply(
        {
            "data": account_detail_json(account, policy),
            "meta": call.meta("synced", isoformat(account.last_synced_at)),
        }
    )
