"""The storage contract suite's tests of what the memory store holds, run against it.

harness/memory_store/ stands in for the database in the fast tests of the action lifecycle
and the executor (tests/actions/test_lifecycle_rules.py, tests/execution/test_executor_rules.py).
The tests imported here are the contract suite's own (tests/storage/test_store_contract.py),
unchanged: the ones about the aggregates the fake holds (units of work, accounts, actions,
events). So the fake keeps the guarantees both SQL drivers keep, or this module fails.

Only the `workspace` fixture differs: the contract's builds a workspace through
`create_workspace`, which also writes the sandbox creators' synced data (chats, posts…), a part
the memory store does not hold. This one writes the same workspace and accounts without it.
"""

from __future__ import annotations

import pytest

from harness.memory_store import MemoryStore, NotHeld
from service.accounts.model import Account
from service.domain.ids import new_id
from service.platform.sandbox import sandbox_creators
from service.workspaces.model import Workspace
from tests.factories import add_live_account
from tests.storage.test_activity_counts import (  # noqa: F401 (collected here)
    seeded,
    test_an_even_count_of_decisions_takes_the_mean_of_the_middle_two,
    test_counts_each_action_once_per_day_by_outcome,
    test_the_range_ends_are_half_open_and_another_workspace_sees_its_own,
)
from tests.storage.test_limit_writes import (  # noqa: F401 (collected here)
    test_a_limit_counts_only_the_actions_that_may_still_run,
)
from tests.storage.test_store_contract import (  # noqa: F401 (collected here)
    test_accounts_list_filters_and_pages,
    test_actions_get_by_idempotency_key_is_per_workspace,
    test_an_account_comes_with_its_workspaces_default_rules,
    test_events_list_in_order,
    test_expire_due_moves_only_pending_past_expiry,
    test_json_columns_round_trip,
    test_list_is_newest_first_with_keyset_pages,
    test_list_pending_and_expired_filters_go_by_time,
    test_naive_timestamps_are_refused,
    test_timestamps_round_trip_as_aware_utc,
    test_transaction_commits_on_clean_exit,
    test_transaction_rolls_back_on_exception,
)
from tests.storage.test_store_contract_writes import (  # noqa: F401 (collected here)
    test_claim_next_takes_the_oldest_approved_action_once,
    test_concurrent_claims_take_different_actions_and_leave_none_waiting,
    test_concurrent_transitions_have_exactly_one_winner,
    test_duplicate_idempotency_key_raises_and_transaction_stays_usable,
    test_transition_respects_from_status_and_expiry,
)


@pytest.fixture
async def store():
    return MemoryStore()


@pytest.fixture
async def workspace(store, clock):
    now = clock.now()
    workspace = Workspace(id=new_id("ws_"), name="Contract agency", created_at=now)
    async with store.transaction() as uow:
        await uow.workspaces.add(workspace)
        for creator in sandbox_creators(workspace.id):
            await uow.accounts.add(
                Account(
                    workspace_id=workspace.id,
                    id=creator["id"],
                    mode="test",
                    username=creator["username"],
                    name=creator["name"],
                    avatar_url=creator["avatarUrl"],
                    status="healthy",
                    status_reason=None,
                    writes_enabled=True,
                    linked_at=now,
                    last_synced_at=now,
                    counts=creator["counts"],
                    revenue30d=creator["revenue30d"],
                    subscription_price=creator["subscriptionPrice"],
                )
            )
    await add_live_account(store, clock, workspace.id)
    return workspace


@pytest.fixture
async def ws():
    """The activity tests' two workspaces: the fake keeps no workspace rows for actions."""
    return new_id("ws_"), new_id("ws_")


async def test_a_repository_it_does_not_hold_fails_loudly(store):
    async with store.reading() as uow:
        with pytest.raises(NotHeld, match="deliveries"):
            await uow.deliveries.due(None, 10)
