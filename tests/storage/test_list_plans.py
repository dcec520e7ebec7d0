"""Every list statement seeks an index on both drivers: no table scan, no walk of rows outside
its answer.

Plans, not timings: each case runs a repository's list call on real data, records the SQL and
arguments the driver was handed (the exact statements, searches' probes included), and asks the
database how it runs each one (EXPLAIN QUERY PLAN on SQLite; EXPLAIN on PostgreSQL, with
sequential scans priced out and row-by-row checks priced as on a hundredfold table, so the plan
is the one a big table gets). The tables are never analyzed by hand: the plans are the ones the
database gets with the statistics the product keeps (see `_seed`). A case
names the index its filter needs; the check fails on a scan of a table, a sort of rows the
index should have given in order, or on PostgreSQL a filter column left to a row-by-row check.
"""

from __future__ import annotations

import datetime as dt
import random
import re
import string
from collections.abc import Awaitable, Callable
from typing import Any

from service.synced.model import Fan
from storage.sql.tables import metadata
from tests.factories import add_live_account
from tests.storage.conftest import start_afresh
from tests.storage.test_kept_statistics import _transactions
from tests.storage.test_store_contract import make_action

NOW = dt.datetime(2026, 11, 1, 12, 0, tzinfo=dt.UTC)
TABLES = set(metadata.tables)
Call = Callable[[Any, str], Awaitable[object]]


def _word(rng: random.Random, n: int) -> str:
    return "".join(rng.choices(string.ascii_lowercase, k=n))


RNG = random.Random(7)
FANS = [
    (f"f{n:05d}", f"fan{_word(RNG, 10)}", f"{_word(RNG, 6)} {_word(RNG, 8)}") for n in range(3000)
]
TEXTS = [f"{_word(RNG, 5)} {_word(RNG, 9)} {_word(RNG, 4)}" for _n in range(3000)]


async def _seed(store, clock) -> str:
    """Two workspaces of two accounts: finished actions with a few failed and pending ones in
    the first, a long queue of pending ones in the second (every workspace's open actions are
    what an index without the workspace would make the first's inbox read); fans and a long
    chat in one account; revenue rows. The actions have autovacuum's statistics (below); the
    fans, the messages and the revenue rows, written in batches, have what the product gathers
    itself after such writes
    (storage/sql/driver/statistics.py) on PostgreSQL, and none on SQLite, whose search statements must
    seek their index without."""
    from service.workspaces.usecases import create_workspace

    await start_afresh(store)
    ids = []
    for name in ("A", "B"):
        workspace = await create_workspace(store, clock, name)
        for account in ("40001", "40002"):
            await add_live_account(store, clock, workspace.id, account)
        ids.append(workspace.id)
        async with store.transaction() as uow:
            for n in range(600):
                every = 53 if name == "A" else 2
                status = "failed" if n % 97 == 0 else "pending" if n % every == 0 else "executed"
                account = "40001" if n % 2 else "40002"
                at = NOW - dt.timedelta(minutes=n)
                await uow.actions.add(make_action(workspace.id, account, at, status=status))
    ws = ids[0]
    async with store.transaction() as uow:
        fans = [
            Fan(ws, "40001", id_, username, name, None, "active", None, None, ())
            for id_, username, name in FANS
        ]
        await uow.fans.replace(ws, "40001", fans)
        messages = [
            {
                "id": f"m{n:05d}",
                "fanId": "f00001" if n % 10 else f"f{n % 50:05d}",
                "text": text,
                "createdAt": (NOW - dt.timedelta(minutes=n)).isoformat(),
            }
            for n, text in enumerate(TEXTS)
        ]
        await uow.synced.add_messages(ws, "40001", messages)
        # a sync's revenue rows, 50 fans' worth, in one batch
        rows = _transactions(ws, 1, 1200)
        for row in rows:
            row["fan_id"] = f"f{row['seq'] % 50:05d}"
        await uow.transactions.add_many(rows)
    if store.dialect == "sqlite":  # the statistics the batches above made, gone
        async with store.transaction() as uow:
            await uow.conn.exec_driver_sql("DELETE FROM sqlite_stat1")
            await uow.conn.exec_driver_sql("ANALYZE sqlite_schema")  # SQLite reloads them
    else:
        # Actions grow row by row, never in the batches after which the service analyzes a
        # table itself: their statistics are autovacuum's. Without any, PostgreSQL weighs the
        # account index (which also holds each action's status and outcome, for the policy
        # suggestions' counts) as equal to the status index and may take either.
        async with store.transaction() as uow:
            await uow.conn.exec_driver_sql("ANALYZE actions")
    return ws


def _later() -> tuple[dt.datetime, str]:
    return (NOW - dt.timedelta(minutes=10), "act_zzzz")


def _list(**kw: Any) -> Call:
    return lambda uow, ws: uow.actions.list(ws, mode="live", limit=26, now=NOW, **kw)


PENDING = ("ix_actions_status_list", "_inbox")
ACCOUNT_PENDING = ("ix_actions_account_status_list", "ix_actions_account_inbox")
BOUNDED_SORT = True
"""A sort is allowed where it orders only rows of the answer: every pending action of the
workspace (the open rows an inbox index holds), two pages to merge, or a search's candidates
from its trigram index (fewer than storage.sql.driver.search.FREQUENT on SQLite)."""

WALK_SORT = "sqlite"
"""SQLite's walk for a common term reads the first rows in page order (at most
storage.sql.driver.search.WALK_ROWS per row of the page) and sorts those: bounded by the page, not
by the table."""

CASES: dict[str, tuple[Call, tuple[str, ...], bool | str]] = {
    "actions": (_list(), ("ix_actions_list",), False),
    "actions, later page": (_list(before=_later()), ("ix_actions_list",), False),
    "actions by account": (_list(account_id="40001"), ("ix_actions_account_list",), False),
    "actions by status": (_list(status="failed"), ("ix_actions_status_list",), False),
    "actions by status, later page": (
        _list(status="failed", before=_later()),
        ("ix_actions_status_list",),
        False,
    ),
    "actions by account and status": (
        _list(status="failed", account_id="40001"),
        ("ix_actions_account_status_list",),
        False,
    ),
    # expired, or pending past its expiry: a page from each index, then the newest of the two
    "actions expired": (_list(status="expired"), ("ix_actions_status_list",), BOUNDED_SORT),
    "actions pending": (_list(status="pending"), PENDING, BOUNDED_SORT),
    "actions pending by account": (
        _list(status="pending", account_id="40001"),
        ACCOUNT_PENDING,
        BOUNDED_SORT,
    ),
    "inbox": (
        lambda uow, ws: uow.actions.pending_by_expiry(ws, mode="live", now=NOW),
        PENDING,
        BOUNDED_SORT,
    ),
    "inbox by account": (
        lambda uow, ws: uow.actions.pending_by_expiry(ws, mode="live", now=NOW, account_id="40001"),
        ACCOUNT_PENDING,
        BOUNDED_SORT,
    ),
    "pending counts": (
        lambda uow, ws: uow.actions.pending_counts(ws, mode="live", now=NOW),
        PENDING,
        BOUNDED_SORT,
    ),
    "fan spend": (
        lambda uow, ws: uow.synced.fan_spend(ws, "40001", "f00001"),
        ("ix_transactions_fan",),
        False,
    ),
    "fans": (lambda uow, ws: uow.fans.list(ws, "40001", limit=26), ("fans",), False),
    "fans, later page": (
        lambda uow, ws: uow.fans.list(ws, "40001", after="f00100"),
        ("fans",),
        False,
    ),
    "fans search, one match": (
        lambda uow, ws: uow.fans.list(ws, "40001", search=FANS[123][1][4:10]),
        ("search",),
        BOUNDED_SORT,
    ),
    "fans search, two letters": (
        lambda uow, ws: uow.fans.list(ws, "40001", search=FANS[123][2][:2]),
        ("prefix",),
        BOUNDED_SORT,
    ),
    "fans search, in every row": (
        lambda uow, ws: uow.fans.list(ws, "40001", search="fan", limit=26),
        ("fans",),
        WALK_SORT,
    ),
    "messages": (
        lambda uow, ws: uow.synced.messages(ws, "40001", "f00001"),
        ("ix_synced_messages_chat",),
        False,
    ),
    "messages search, one match": (
        lambda uow, ws: uow.synced.messages(ws, "40001", "f00001", search=TEXTS[21].split()[1]),
        ("search",),
        BOUNDED_SORT,
    ),
    "chats": (lambda uow, ws: uow.synced.chats(ws, "40001"), ("ix_synced_chats_recent",), False),
    "synced records (vault, lists, ...)": (
        lambda uow, ws: uow.synced.items(ws, "40001", "vault"),
        ("ix_synced_items_order",),
        False,
    ),
}
# The index each dialect names for a case that says "fans" or "search".
NAMED = {
    # a search's candidates drive the loop (their rows fetched by rowid), never the account's key
    "sqlite": {
        "fans": "sqlite_autoindex_fans_1",
        "search": "USING INTEGER PRIMARY KEY (rowid=?)",
        # a prefix's page: the ids the prefix indexes gave, by primary key
        "prefix": "sqlite_autoindex_fans_1 (workspace_id=? AND account_id=? AND id=?)",
    },
    "postgresql": {"fans": "pk_fans", "search": "_search_", "prefix": "ix_fans_prefix_"},
}

FIRST_READS = (
    *("VIRTUAL TABLE", "USING INDEX ix_fans_prefix_", "using ix_fans_prefix_"),
    *("pk_fans", "ix_synced_messages_chat"),
)
"""What a search reads before its page: the index's probe (SQLite), or the first rows in page
order (PostgreSQL, storage/sql/driver/search.py), on the indexes of the lists' own order."""


async def _statements(store, ws: str, call: Call) -> list[tuple[str, list[Any]]]:
    """The SELECTs `call` hands the driver, with their arguments."""
    seen: list[tuple[str, list[Any]]] = []
    async with store.reading() as uow:
        original = uow.conn._run

        async def recording(sql: str, args: Any, returns_rows: bool) -> Any:
            seen.append((sql, list(args)))
            return await original(sql, args, returns_rows)

        uow.conn._run = recording
        try:
            await call(uow, ws)
        finally:
            uow.conn._run = original
    return [(sql, args) for sql, args in seen if sql.lstrip().upper().startswith("SELECT")]


async def _plan(store, sql: str, args: list[Any], sorts: bool = True) -> str:
    async with store.transaction() as uow:
        if store.dialect == "postgresql":
            await uow.conn.exec_driver_sql("SET LOCAL enable_seqscan = off")
            # Checking a condition row by row costs what it would on a table a hundred times
            # this size: the planner then weighs an index against a walk as it does at scale.
            await uow.conn.exec_driver_sql("SET LOCAL cpu_operator_cost = 0.25")
            if not sorts:
                # Where the index must give the order, a sort is priced out: the plan takes
                # the index as a big table's would (on a few rows the planner may sort them
                # instead, by chance of the statistics); a sort no index avoids still shows.
                await uow.conn.exec_driver_sql("SET LOCAL enable_sort = off")
            rows = (await uow.conn.exec_driver_sql(f"EXPLAIN {sql}", args)).all()
        else:
            rows = (await uow.conn.exec_driver_sql(f"EXPLAIN QUERY PLAN {sql}", args)).all()
    return "\n".join(str(row[-1]) for row in rows)


SEEKABLE = re.compile(r"Filter: .*\(\(?(workspace_id|mode|status|account_id|fan_id)\)\S*")


def _problems(plan: str, dialect: str, indexes: tuple[str, ...], sorts: bool) -> list[str]:
    """What is wrong with `plan`. A search's trigram index names candidate rows of every
    account (few: a rare term), so checking their account row by row is its plan."""
    search = any(index in plan for index in ("_search_", "VIRTUAL TABLE", "ix_fans_prefix_"))
    found = []
    if not any(index in plan for index in indexes):
        found.append(f"uses none of {indexes}")
    if dialect == "sqlite":
        for table in re.findall(r"\bSCAN (\w+)(?! VIRTUAL TABLE)", plan):
            if table in TABLES:
                found.append(f"scans {table}")
        if "USE TEMP B-TREE FOR ORDER BY" in plan and not sorts:
            found.append("sorts rows the index should give in order")
    else:
        if "Seq Scan" in plan:
            found.append("scans a table")
        if re.search(r"^\s*(->\s*)?Sort\b", plan, re.MULTILINE) and not sorts:
            found.append("sorts rows the index should give in order")
        found += [
            f"checks row by row: {m.group(0)}"
            for m in SEEKABLE.finditer(plan)
            # an inbox index holds only open actions: `pending` among them is checked per row
            if not (m.group(1) == "status" and "_inbox" in plan)
            and not search
            and not _overdue_read(plan, m)
        ]
    return found


def _overdue_read(plan: str, match: re.Match[str]) -> bool:
    """`status=expired`'s second page: pending actions past their expiry, read by expiry from
    the open actions' index (`ix_actions_open`, every workspace's) or the inbox's. Overdue
    pending actions live seconds (the expirer moves them), so PostgreSQL may check their
    workspace row by row on either, by the chance of the statistics of a small table."""
    return "ix_actions_open" in plan[: match.start()].rsplit("->", 1)[-1]


async def test_every_list_statement_seeks_its_index(store, clock):
    ws = await _seed(store, clock)
    problems = {}
    for case, (call, indexes, may_sort) in CASES.items():
        sorts = may_sort is True or may_sort == store.dialect
        named = tuple(NAMED[store.dialect].get(index, index) for index in indexes)
        statements = await _statements(store, ws, call)
        assert statements, case
        for n, (sql, args) in enumerate(statements):
            plan = await _plan(store, sql, args, sorts)
            # before the page: a search's probe (SQLite) or its first rows in page order
            last = n == len(statements) - 1
            wanted = named if last else FIRST_READS
            if found := _problems(plan, store.dialect, wanted, sorts):
                problems[case] = [*found, plan]
    assert problems == {}, "\n\n".join(f"{k}: " + "\n".join(v) for k, v in problems.items())


async def test_overdue_pending_actions_are_read_by_expiry(store, clock):
    """`status=expired`'s second part seeks the pending actions already past their expiry
    (few: the expirer moves them) in an index of open actions by expiry; it never walks the
    workspace's pending actions newest first checking each one's expiry, which reads every
    pending action when none is overdue."""
    ws = await _seed(store, clock)
    if store.dialect == "postgresql":
        # PostgreSQL weighs the two indexes by statistics, which autovacuum keeps for a table
        # grown row by row; SQLite's statement names its index (OVERDUE_INDEX) and has none.
        async with store.transaction() as uow:
            await uow.conn.exec_driver_sql("ANALYZE actions")
    (sql, args), *_ = await _statements(store, ws, _list(status="expired"))
    plan = await _plan(store, sql, args)
    if store.dialect == "sqlite":
        assert re.search(r"USING INDEX ix_actions_inbox \(.*expires_at<\?\)", plan), plan
    else:
        assert re.search(r"Index Cond: .*expires_at <=", plan), plan


async def test_expired_pages_merge_expired_and_overdue_pending_newest_first(store, clock):
    """`status=expired` shows expired actions and pending ones past their expiry, newest first,
    page after page: the two pages the statement merges give the list the old OR gave."""
    from service.workspaces.usecases import create_workspace

    workspace = await create_workspace(store, clock, "A")
    await add_live_account(store, clock, workspace.id)
    kinds = ["expired", "overdue", "pending", "executed"]
    made = []
    async with store.transaction() as uow:
        for n in range(40):
            kind = kinds[n % 3 if n % 5 else 3]
            at = NOW - dt.timedelta(days=2, minutes=n) if kind == "overdue" else NOW
            at -= dt.timedelta(seconds=n)
            action = make_action(
                workspace.id, "40001", at, status="pending" if kind == "overdue" else kind
            )
            await uow.actions.add(action)
            made.append((kind, action))
    wanted = sorted(
        (a for kind, a in made if kind in ("expired", "overdue")),
        key=lambda a: (a.created_at, a.id),
        reverse=True,
    )
    seen: list[str] = []
    before = None
    while True:
        async with store.reading() as uow:
            page = await uow.actions.list(
                workspace.id, mode="live", status="expired", before=before, limit=4, now=NOW
            )
        seen += [a.id for a in page]
        if len(page) < 4:
            break
        before = (page[-1].created_at, page[-1].id)
    assert seen == [a.id for a in wanted]
