"""The executor's account status verdicts move the account only from the state it ran with."""

from __future__ import annotations

from service.actions.outcomes import Failed
from service.runtime.runner import executor_for
from tests.execution.test_executor import a_fan, approve, create


async def test_a_stale_needs_relink_never_undoes_a_relink(linked):
    """The executor moves the account only from the state it ran with: a relink during the
    call (a new sealed session) keeps the account healthy."""
    services, world = linked.services, linked.world
    action = await create(
        linked,
        {"type": "send_message", "params": {"fanId": a_fan(linked), "text": "hi"}},
        "stale-relink",
    )
    await approve(linked, action["id"])
    executor = executor_for(services)
    claim = await executor._claim_next()
    claimed, ran_with = claim.action, claim.account  # the account as read with the claim
    assert claimed.id == action["id"]
    async with services.store.transaction() as uow:  # the creator relinks meanwhile
        await uow.accounts.update(
            world.workspace_id,
            linked.creator_id,
            session_secret=services.secrets.seal("a-new-session"),
        )
    await executor._finish(
        claimed,
        Failed(
            "account_unavailable",
            "The platform session expired.",
            account_status="needs_relink",
            account_was=ran_with,
        ),
    )
    async with services.store.reading() as uow:
        account = await uow.accounts.get(world.workspace_id, linked.creator_id)
        failed = await uow.actions.get(world.workspace_id, action["id"])
    assert failed.status == "failed"
    assert account.status == "healthy", "the relink wins over the stale call's verdict"
