"""A sync that started before the account changed writes nothing: it never undoes a relink or the
executor's `needs_relink` (real fake platform over HTTP, both drivers)."""

from __future__ import annotations

from service.synced import syncer


async def _account(linked):
    async with linked.services.store.reading() as uow:
        return await uow.accounts.get(linked.world.workspace_id, linked.creator_id)


async def test_a_slow_sync_never_overwrites_needs_relink(linked):
    started = await _account(linked)  # what the sync read before calling the platform
    async with linked.services.store.transaction() as uow:
        await uow.accounts.update(
            started.workspace_id,
            started.id,
            status="needs_relink",
            status_reason="The platform session expired.",
        )
    after = await syncer._sync(linked.services.syncing, started)
    assert (after.status, after.last_synced_at) == ("needs_relink", started.last_synced_at)


async def test_a_sync_with_the_old_session_never_marks_a_relinked_account(linked):
    services, state = linked.services, linked.platform.state
    started = await _account(linked)
    state.expire_sessions(linked.creator_id)  # the old session is dead on the platform
    fresh = state.create_session(linked.creator_id)  # the relink's new one
    async with services.store.transaction() as uow:
        await uow.accounts.update(
            started.workspace_id,
            started.id,
            status="syncing",
            session_secret=services.secrets.seal(fresh.token),
        )
    after = await syncer._sync(services.syncing, started)
    assert after.status == "syncing"
    assert (await syncer._sync(services.syncing, await _account(linked))).status == "healthy"
