"""The two storage calls of the create path, on both drivers: the insert that races on the
idempotency index, and the audience COUNT that replaced loading every fan into Python."""

from __future__ import annotations

import pytest

from service.domain.models import Fan
from service.usecases.workspaces import create_workspace
from tests.factories import add_live_account
from tests.storage.test_store_contract import make_action


@pytest.fixture
async def workspace(store, clock):
    workspace = await create_workspace(store, clock, "Create agency")
    await add_live_account(store, clock, workspace.id)
    return workspace


async def test_insert_unless_key_used_writes_once_and_keeps_the_transaction(
    store, workspace, clock
):
    first = make_action(workspace.id, "40001", clock.now(), key="k1")
    second = make_action(workspace.id, "40001", clock.now(), key="k1")
    other = make_action(workspace.id, "40001", clock.now(), key="k2")
    async with store.transaction() as uow:
        assert await uow.actions.add_unless_key_used(first) is True
        assert await uow.actions.add_unless_key_used(second) is False
        # The transaction is still usable after the conflict (no savepoint needed).
        assert await uow.actions.add_unless_key_used(other) is True
        assert await uow.actions.get_by_idempotency_key(workspace.id, "k1") == first
    async with store.reading() as uow:
        assert await uow.actions.get(workspace.id, second.id) is None
        assert await uow.actions.get(workspace.id, other.id) == other


def _reference(fans: list[Fan], wanted: set, lists: set, excluded: set) -> int:
    """The estimate as the use case computed it in Python before the COUNT."""
    known = {f.id for f in fans}
    chosen = {
        f.id
        for f in fans
        if f.subscription_status == "active"
        and (f.id in wanted or lists.intersection(f.list_ids))
        and not excluded.intersection(f.list_ids)
    }
    return len(chosen | (wanted - known))


AUDIENCES = [
    ([], ["vip"], []),
    (["f1", "f9", "new"], [], []),
    (["f1"], ["vip", "all"], ["muted"]),
    ([], ["all"], ["vip"]),
    ([], [], []),
    (["f4", "f4"], ["none"], ["all"]),
    (["ghost"], ["all"], []),
]


async def test_the_audience_count_agrees_with_the_python_estimate(store, workspace):
    statuses = ["active", "active", "expired", "active", "active", "expired", "active"]
    lists = [["vip", "all"], ["all"], ["vip"], ["all", "muted"], [], ["all"], ["vip", "muted"]]
    fans = [
        Fan(
            workspace_id=workspace.id,
            account_id="40001",
            id=f"f{n}",
            username=f"u{n}",
            name=None,
            avatar_url=None,
            subscription_status=status,
            subscribed_at=None,
            expires_at=None,
            list_ids=tuple(on),
        )
        for n, (status, on) in enumerate(zip(statuses, lists, strict=True), start=1)
    ]
    async with store.transaction() as uow:
        await uow.fans.replace(workspace.id, "40001", fans)
    for wanted, on, excluded in AUDIENCES:
        async with store.reading() as uow:
            counted = await uow.fans.count_audience(
                workspace.id, "40001", fan_ids=wanted, list_ids=on, exclude_list_ids=excluded
            )
        assert counted == _reference(fans, set(wanted), set(on), set(excluded)), (
            wanted,
            on,
            excluded,
        )
