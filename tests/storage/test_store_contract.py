"""The Store contract (service/ports.py), one suite run unchanged on SQLite and PostgreSQL.

`store` is parametrised over both drivers by tests/conftest.py, so every test here runs twice;
a driver that behaves differently from the protocol fails on its own parameter.
"""

from __future__ import annotations

import datetime as dt

import pytest

from service.actions.creation import fingerprint
from service.actions.model import Action
from service.actions.transitions import LIFETIME
from service.domain.events import Event
from service.domain.ids import new_id
from service.domain.principal import Principal
from service.domain.storage_errors import StorageError
from service.keys.usecases import create_key
from service.workspaces.usecases import create_user
from tests.factories import PASSWORDS


class Boom(Exception):
    pass


def make_action(
    workspace_id: str,
    account_id: str,
    created_at: dt.datetime,
    *,
    key: str | None = None,
    status: str = "pending",
    params: dict | None = None,
    action_id: str | None = None,
) -> Action:
    params = params if params is not None else {"fanId": "f1", "text": "hi"}
    return Action(
        id=action_id or new_id("act_"),
        workspace_id=workspace_id,
        account_id=account_id,
        mode="live",
        type="send_message",
        status=status,
        params=params,
        summary="Send it.",
        estimated_recipients=1,
        price=None,
        requested_by={"kind": "api_key", "label": "ci", "client": None, "tool": None},
        idempotency_key=key or new_id("idem_"),
        fingerprint=fingerprint(account_id, "live", "send_message", params),
        created_at=created_at,
        expires_at=created_at + LIFETIME,
    )


async def add(store, *actions: Action) -> None:
    async with store.transaction() as uow:
        for action in actions:
            await uow.actions.add(action)


# --- unit of work -----------------------------------------------------------------------


async def test_transaction_commits_on_clean_exit(store, workspace, clock):
    action = make_action(workspace.id, "40001", clock.now())
    await add(store, action)
    async with store.reading() as uow:
        assert await uow.actions.get(workspace.id, action.id) == action


async def test_transaction_rolls_back_on_exception(store, workspace, clock):
    action = make_action(workspace.id, "40001", clock.now())
    with pytest.raises(Boom):
        async with store.transaction() as uow:
            await uow.actions.add(action)
            await uow.accounts.update(workspace.id, "40001", writes_enabled=False)
            assert await uow.actions.get(workspace.id, action.id) == action
            raise Boom
    async with store.reading() as uow:
        assert await uow.actions.get(workspace.id, action.id) is None
        assert (await uow.accounts.get(workspace.id, "40001")).writes_enabled is True


# --- repositories: add / get / list -----------------------------------------------------


async def test_workspaces_users_members(store, clock, workspace):
    user = await create_user(
        store,
        clock,
        Principal.operator(workspace.id),
        "Owner@Agency.test",
        "Olive",
        "pw-olive-123",
        "owner",
        passwords=PASSWORDS,
    )
    async with store.reading() as uow:
        assert await uow.workspaces.get(workspace.id) == workspace
        assert workspace in await uow.workspaces.list()
        assert await uow.workspaces.get("ws_missing") is None
        assert await uow.users.get(user.id) == user
        assert await uow.users.get_by_email("owner@agency.TEST") == user
        member = await uow.members.get(workspace.id, user.id)
        assert (member.role, member.email, member.name) == ("owner", user.email, "Olive")
        assert [m.user_id for m in await uow.members.list(workspace.id)] == [user.id]
        assert await uow.members.count_owners(workspace.id) == 1


async def test_keys_add_get_list_revoke(store, clock, workspace):
    async with store.reading() as uow:
        sandbox = tuple(a.id for a in await uow.accounts.list(workspace.id, mode="test"))[:2]
    key, secret = await create_key(
        store,
        clock,
        Principal.operator(workspace.id),
        name="ci",
        scopes=["read"],
        mode="test",
        account_ids=sandbox,
    )
    assert secret.startswith("sk_test_") and secret not in repr(key)
    async with store.transaction() as uow:
        assert await uow.keys.get(workspace.id, key.id) == key
        assert await uow.keys.get_by_hash(key.secret_hash) == key
        assert await uow.keys.get("ws_other", key.id) is None
        assert [k.id for k in await uow.keys.list(workspace.id)] == [key.id]
        revoked = await uow.keys.revoke(workspace.id, key.id, clock.now())
        assert revoked.revoked_at == clock.now()
        assert await uow.keys.revoke(workspace.id, key.id, clock.now()) is None
    async with store.reading() as uow:
        stored = await uow.keys.get(workspace.id, key.id)
    assert len(sandbox) == 2
    assert stored.account_ids == sandbox and stored.scopes == ("read",)


async def test_accounts_list_filters_and_pages(store, workspace):
    async with store.reading() as uow:
        live = await uow.accounts.list(workspace.id, mode="live")
        sandbox = await uow.accounts.list(workspace.id, mode="test")
        first = await uow.accounts.list(workspace.id, limit=2)
        rest = await uow.accounts.list(workspace.id, after=first[-1].id, limit=100)
        only = await uow.accounts.list(workspace.id, only=["40001"])
    assert [a.id for a in live] == ["40001"] and sandbox
    assert all(a.mode == "test" for a in sandbox)
    ids = [a.id for a in first + rest]
    assert ids == sorted(ids) and len(ids) == len(live) + len(sandbox)
    assert [a.id for a in only] == ["40001"]


async def test_an_account_comes_with_its_workspaces_default_rules(store, workspace):
    rules = [{"when": {"type": "send_mass_message"}, "approvals": 2}]
    async with store.reading() as uow:
        before = await uow.accounts.get_with_default_rules(workspace.id, "40001")
    async with store.transaction() as uow:
        await uow.workspaces.set_policy(workspace.id, rules)
    async with store.reading() as uow:
        after = await uow.accounts.get_with_default_rules(workspace.id, "40001")
        account = await uow.accounts.get(workspace.id, "40001")
        missing = await uow.accounts.get_with_default_rules(workspace.id, "nobody")
        elsewhere = await uow.accounts.get_with_default_rules("ws_other", "40001")
    assert before is not None and before[0] == account and not before[1]
    assert after is not None and after[0] == account and list(after[1] or []) == rules
    assert missing is None and elsewhere is None


async def test_actions_get_by_idempotency_key_is_per_workspace(store, clock, workspace):
    action = make_action(workspace.id, "40001", clock.now(), key="k-1")
    await add(store, action)
    async with store.reading() as uow:
        assert await uow.actions.get_by_idempotency_key(workspace.id, "k-1") == action
        assert await uow.actions.get_by_idempotency_key("ws_other", "k-1") is None
        assert await uow.actions.get("ws_other", action.id) is None


async def test_events_list_in_order(store, clock, workspace):
    async with store.transaction() as uow:
        for n in range(3):
            await uow.events.add(
                Event(
                    id=new_id("evt_"),
                    workspace_id=workspace.id,
                    type="action.rejected",
                    account_id="40001",
                    data={"n": n},
                    created_at=clock.now(),
                    mode="live",
                )
            )
    async with store.reading() as uow:
        events = await uow.events.list(workspace.id)
        later = await uow.events.list(workspace.id, after_seq=events[0].seq)
    assert [e.data["n"] for e in events] == [0, 1, 2]
    assert [e.data["n"] for e in later] == [1, 2]


# --- listing ------------------------------------------------------------------------------


async def test_list_is_newest_first_with_keyset_pages(store, clock, workspace):
    base = clock.now()
    # Two pairs share a created_at, so the id breaks the tie.
    stamps = [
        base,
        base,
        base + dt.timedelta(seconds=1),
        base + dt.timedelta(seconds=1),
        base + dt.timedelta(seconds=2),
    ]
    actions = [
        make_action(workspace.id, "40001", at, action_id=f"act_{n:02d}")
        for n, at in enumerate(stamps)
    ]
    await add(store, *actions)
    expected = sorted(actions, key=lambda a: (a.created_at, a.id), reverse=True)
    seen, before = [], None
    async with store.reading() as uow:
        while True:
            page = await uow.actions.list(workspace.id, mode="live", before=before, limit=2)
            seen += page
            if len(page) < 2:
                break
            before = (page[-1].created_at, page[-1].id)
        assert await uow.actions.list(workspace.id, mode="test") == []
    assert [a.id for a in seen] == [a.id for a in expected]


async def test_list_pending_and_expired_filters_go_by_time(store, clock, workspace):
    now = clock.now()
    fresh = make_action(workspace.id, "40001", now)
    stale = make_action(workspace.id, "40001", now - LIFETIME - dt.timedelta(seconds=1))
    swept = make_action(workspace.id, "40001", now - LIFETIME * 2, status="expired")
    done = make_action(workspace.id, "40001", now, status="rejected")
    await add(store, fresh, stale, swept, done)
    async with store.reading() as uow:

        def ids(rows):
            return {a.id for a in rows}

        pending = await uow.actions.list(workspace.id, mode="live", status="pending", now=now)
        expired = await uow.actions.list(workspace.id, mode="live", status="expired", now=now)
        rejected = await uow.actions.list(workspace.id, mode="live", status="rejected", now=now)
        by_account = await uow.actions.list(workspace.id, mode="live", account_id="nope")
        limited = await uow.actions.list(workspace.id, mode="live", only_accounts=["40001"])
    assert ids(pending) == {fresh.id}
    assert ids(expired) == {stale.id, swept.id}
    assert ids(rejected) == {done.id}
    assert by_account == [] and len(limited) == 4


async def test_expire_due_moves_only_pending_past_expiry(store, clock, workspace):
    now = clock.now()
    fresh = make_action(workspace.id, "40001", now)
    stale = make_action(workspace.id, "40001", now - LIFETIME)
    decided = make_action(workspace.id, "40001", now - LIFETIME * 2, status="approved")
    await add(store, fresh, stale, decided)
    async with store.transaction() as uow:
        assert [a.id for a in await uow.actions.expire_due(now)] == [stale.id]
        assert await uow.actions.expire_due(now) == []
    async with store.reading() as uow:
        statuses = {a.id: a.status for a in await uow.actions.list(workspace.id, mode="live")}
    assert statuses == {fresh.id: "pending", stale.id: "expired", decided.id: "approved"}


async def test_a_statement_the_database_refuses_raises_storage_error(store, workspace):
    """Each driver maps its own errors (sqlite3's, asyncpg's) to ours."""
    with pytest.raises(StorageError, match="no_such_table"):
        async with store.transaction() as uow:
            await uow.conn.exec_driver_sql("SELECT * FROM no_such_table")
    async with store.reading() as uow:  # and the connection is usable again
        assert await uow.accounts.get(workspace.id, "40001") is not None


# --- value round-trips --------------------------------------------------------------------


async def test_timestamps_round_trip_as_aware_utc(store, workspace):
    local = dt.timezone(dt.timedelta(hours=2))
    created = dt.datetime(2026, 3, 29, 1, 30, 15, 123456, tzinfo=local)
    action = make_action(workspace.id, "40001", created)
    await add(store, action)
    async with store.reading() as uow:
        stored = await uow.actions.get(workspace.id, action.id)
    assert stored.created_at == created and stored.created_at.utcoffset() == dt.timedelta(0)
    assert stored.created_at.tzinfo is not None
    assert stored.expires_at == created + LIFETIME
    assert stored.decided_at is None


async def test_naive_timestamps_are_refused(store, workspace):
    action = make_action(workspace.id, "40001", dt.datetime(2026, 1, 1))
    with pytest.raises(Exception, match="naive"):
        await add(store, action)


async def test_json_columns_round_trip(store, clock, workspace):
    params = {
        "text": 'Привет 👋 <b>ça</b> "quoted" \\ back',
        "audience": {
            "listIds": ["l1", "l2"],
            "fanIds": [],
            "nested": [{"a": [1, 2.5, None, True]}],
        },
    }
    action = make_action(workspace.id, "40001", clock.now(), params=params)
    await add(store, action)
    async with store.transaction() as uow:
        await uow.actions.transition(
            action.id, ["pending"], "executed", result={"messageId": None, "fanId": "ü"}
        )
    async with store.reading() as uow:
        stored = await uow.actions.get(workspace.id, action.id)
        account = await uow.accounts.get(workspace.id, "40001")
    assert stored.params == params and stored.requested_by == action.requested_by
    assert stored.result == {"messageId": None, "fanId": "ü"}
    assert account.counts["vaultItems"] == 7
    assert account.subscription_price == {"amount": 999, "currency": "USD"}
