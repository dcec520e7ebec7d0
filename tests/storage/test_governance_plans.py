"""The counts a governed creation makes read through an index on both databases (plans, not
timings, as in test_keyset_plans.py): an allowance's room and its day's use read the uses'
numbers (ix_allowance_uses_seq), a daily limit's window the account's actions of the limit's
types (ix_actions_account_type), and the account's next number the top of pk_limit_uses."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from service.actions.model import AllowanceUse
from storage.sql import tables
from storage.sql.repos.actions import allowed_write
from storage.sql.repos.actions import counts as action_counts
from tests.factories import add_live_account
from tests.storage.conftest import start_afresh
from tests.storage.test_keyset_plans import _plan
from tests.storage.test_store_contract import make_action

AT = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)

STATEMENTS = {
    "allowance used": (
        action_counts._ALLOWANCE_USED,
        {"ws": "ws_1", "account": "40001", "allowance": "k", "since": AT, "span": 300},
        ("ix_allowance_uses_seq",),
    ),
    "limit window": (
        action_counts._LIMIT_WINDOW,
        {
            "ws": "ws_1",
            "mode": "live",
            "account": "40001",
            "since": AT,
            "types": ["send_message", "send_mass_message"],
            "now": AT,
        },
        ("ix_actions_account_type",),
    ),
}


async def _seed(store, clock) -> str:
    """A workspace of four accounts with a few hundred actions, never analyzed: the plans must
    seek their index without statistics, as on a database a restore just filled."""
    from service.workspaces.usecases import create_workspace

    await start_afresh(store)
    ws = (await create_workspace(store, clock, "A")).id
    accounts = ["40001", "40002", "40003", "40004"]
    for account in accounts:
        await add_live_account(store, clock, ws, account)
    async with store.transaction() as uow:
        for n in range(400):
            at = AT - dt.timedelta(hours=n)
            await uow.actions.add(make_action(ws, accounts[n % 4], at, status="executed"))
    return ws


@pytest.mark.parametrize("name", sorted(STATEMENTS))
async def test_governed_counts_read_an_index(store, clock, name):
    statement, values, index = STATEMENTS[name]
    values = {**values, "ws": await _seed(store, clock)}
    async with store.transaction() as uow:
        if store.dialect == "postgresql":
            await uow.conn.exec_driver_sql("SET LOCAL enable_seqscan = off")
        plan = await _plan(uow.conn, statement, values)
    assert "Seq Scan" not in plan and "SCAN actions" not in plan, plan
    assert index[0] in plan, plan


async def test_an_allowance_s_room_is_probed_by_number_on_a_table_without_statistics(store, clock):
    """The check an allowed creation makes finds the use `maxPerDay` places back from the
    newest by its number, however many uses the day holds: on a new database (no statistics
    yet), with an index by time beside it, PostgreSQL sought the day's uses by time and checked
    each one's number on every creation."""
    from service.workspaces.usecases import create_workspace

    await start_afresh(store)
    ws = (await create_workspace(store, clock, "A")).id
    await add_live_account(store, clock, ws, "40001")
    async with store.transaction() as uow:
        for n in range(300):  # a busy day's uses, and no statistics yet (never analysed)
            await uow.conn.exec_driver_sql(
                "INSERT INTO allowance_uses (action_id, workspace_id, account_id, allowance, "
                f"created_at, seq) VALUES ('act_{n}', '{ws}', '40001', 'k', "
                f"'{(AT - dt.timedelta(minutes=n)).isoformat()}', {300 - n})"
            )
    action = make_action(ws, "40001", AT, status="approved", key="k-room")
    use = AllowanceUse("k", 300, AT - dt.timedelta(days=1))
    values = allowed_write._values(action, use) | {"wake": None}
    async with store.transaction() as uow:
        if store.dialect == "postgresql":
            await uow.conn.exec_driver_sql("SET LOCAL enable_seqscan = off")  # as at scale
            statement = allowed_write._statement(store.dialect, 0, False, False)
        else:
            statement = allowed_write._action_alone(store.dialect)
        plan = await _plan(uow.conn, statement, values)
    probes = [
        line
        for line in plan.splitlines()
        if "allowance_uses" in line and ("Scan" in line or "SEARCH" in line)
    ]
    assert probes, plan
    for probe in probes:
        assert "ix_allowance_uses_seq" in probe, plan
    if store.dialect == "postgresql":
        assert "Filter: (seq" not in plan, plan
        assert re.search(r"Index Cond: .*\(seq = ", plan), plan
    else:
        assert "seq=?" in plan, plan


@pytest.mark.parametrize("per_day", [5, 8, 20])
async def test_a_day_s_use_is_counted_whole_whatever_max_per_day_says_now(store, clock, per_day):
    """Three uses older than the day, then eight inside it: eight, read among the last
    `maxPerDay` numbers, and again among the last 10,000 when those are all inside the day
    (a day holds more than `maxPerDay` only when it was lowered since)."""
    from service.workspaces.usecases import create_workspace

    ws = (await create_workspace(store, clock, "A")).id
    await add_live_account(store, clock, ws, "40001")
    since = AT - dt.timedelta(days=1)
    rows = [
        {
            "action_id": f"act_{seq}",
            "workspace_id": ws,
            "account_id": "40001",
            "allowance": "k",
            "created_at": since - dt.timedelta(hours=4 - seq)
            if seq <= 3
            else AT - dt.timedelta(hours=12 - seq),
            "seq": seq,
        }
        for seq in range(1, 12)
    ]
    async with store.transaction() as uow:
        await uow.conn.execute(tables.allowance_uses.insert(), rows)
    async with store.reading() as uow:
        assert await uow.actions.allowance_used(ws, "40001", "k", since, per_day) == 8
