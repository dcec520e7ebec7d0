"""The agency bench.scale seeds, through the storage layer's own bulk writes: one workspace of
size N with N fans (a tenth "common"), one chat of N messages (a tenth with "refund") and N
actions over two accounts (1% pending, 1% failed, the rest executed; none past its expiry)."""

from __future__ import annotations

import datetime as dt
import random
import string
from typing import Any

from service.accounts.model import Account
from service.actions.model import Action
from service.domain.clock import ManualClock
from service.operations.pruner import tidy_search
from service.synced.model import Fan
from service.workspaces.usecases import create_workspace
from storage.sql import tables as t
from storage.sql.driver.rows import to_row
from storage.sql.store import SqlStore

NOW = dt.datetime(2026, 11, 1, 12, 0, tzinfo=dt.UTC)
ACCOUNT, OTHER, CHAT = "40001", "40002", "f0000001"


def _word(rng: random.Random, k: int) -> str:
    return "".join(rng.choices(string.ascii_lowercase, k=k))


def _account(ws: str, account_id: str) -> Account:
    return Account(
        workspace_id=ws,
        id=account_id,
        mode="live",
        username=f"acct{account_id}",
        name=None,
        avatar_url=None,
        status="healthy",
        status_reason=None,
        writes_enabled=True,
        linked_at=NOW,
        last_synced_at=NOW,
        counts={},
        revenue30d={},
    )


def _action(ws: str, n: int) -> Action:
    status = "pending" if n % 100 == 0 else "failed" if n % 100 == 1 else "executed"
    at = NOW - dt.timedelta(seconds=n)
    return Action(
        id=f"act_{ws[-6:]}{n:09d}",
        workspace_id=ws,
        account_id=ACCOUNT if n % 2 else OTHER,
        mode="live",
        type="send_message",
        status=status,
        params={"fanId": "f1", "text": "hi"},
        summary="Send a message",
        estimated_recipients=1,
        price=None,
        requested_by={"kind": "api_key", "label": "bench", "client": None, "tool": None},
        idempotency_key=f"k{n}",
        fingerprint="0" * 64,
        created_at=at,
        expires_at=at + dt.timedelta(days=30),
    )


async def seed(
    store: SqlStore,
    n: int,
    rng: random.Random,
    vacuum: bool = False,
    tidy: bool = True,
    statistics: str = "product",
) -> dict[str, Any]:
    """One workspace of size `n`; returns what the reads need (ids, terms), and what the
    search indexes' tidy-up did (`tidied`: work done, steps, longest step in ms).

    `statistics`: "product", the planner statistics the product gathers itself (its batch
    writes grew the tables: storage/sql/driver/statistics.py), nothing by hand; "analyze", ANALYZE by
    hand after seeding (VACUUM ANALYZE with `vacuum`, on PostgreSQL); "none", every statistic
    deleted, as a database restored or bulk-loaded behind the product's back has."""
    workspace = await create_workspace(store, ManualClock(NOW), f"Scale {n}")
    ws = workspace.id
    fans = [
        Fan(
            ws,
            ACCOUNT,
            f"f{i:07d}",
            _word(rng, 8) + ("common" if i % 10 == 0 else ""),
            f"{_word(rng, 5).title()} {_word(rng, 7).title()}",
            None,
            "active",
            None,
            None,
            (),
        )
        for i in range(n)
    ]
    messages = [
        {
            "id": f"m{i:08d}",
            "fanId": CHAT,
            "createdAt": (NOW - dt.timedelta(seconds=i)).isoformat(),
            "text": f"{_word(rng, 6)} {_word(rng, 9)}" + (" refund please" if i % 10 == 0 else ""),
        }
        for i in range(n)
    ]
    async with store.transaction() as uow:
        for account_id in (ACCOUNT, OTHER):
            await uow.accounts.add(_account(ws, account_id))
        await uow.fans.replace(ws, ACCOUNT, fans)
        # The chat itself, as a sync writes it: an empty search of it is a page, not a 404.
        chat = {
            "fanId": CHAT,
            "lastActivityAt": NOW.isoformat(),
            "lastMessage": {"id": "m00000000"},
        }
        await uow.synced.put_chats(ws, ACCOUNT, [chat])
        for start in range(0, n, 10_000):
            await uow.synced.add_messages(ws, ACCOUNT, messages[start : start + 10_000])
        for start in range(0, n, 10_000):
            rows = [to_row(_action(ws, i)) for i in range(start, min(n, start + 10_000))]
            await uow.conn.execute(t.actions.insert(), rows)
    tidied = (0, 0, 0.0)
    if tidy:  # what every prune round of the worker does (service/operations/pruner.py)
        report = await tidy_search(store)
        tidied = (report.search_merged, report.batches, report.longest_batch_ms)
    if statistics == "analyze" and vacuum and store.dialect == "postgresql":
        async with store.reading() as uow:  # no BEGIN: VACUUM runs outside a transaction
            await uow.conn.exec_driver_sql("VACUUM ANALYZE")
    elif statistics == "analyze":
        async with store.transaction() as uow:
            await uow.conn.exec_driver_sql("ANALYZE")
    elif statistics == "none":
        async with store.transaction() as uow:
            if store.dialect == "sqlite":
                made = "SELECT count(*) FROM sqlite_master WHERE name = 'sqlite_stat1'"
                if (await uow.conn.exec_driver_sql(made)).scalar():
                    await uow.conn.exec_driver_sql("DELETE FROM sqlite_stat1")
                    await uow.conn.exec_driver_sql("ANALYZE sqlite_schema")  # reloaded: none
            else:  # the server's superuser: the statistics and the tables' sizes forgotten
                await uow.conn.exec_driver_sql(
                    "DELETE FROM pg_statistic WHERE starelid IN (SELECT oid FROM pg_class"
                    " WHERE relnamespace = 'public'::regnamespace)"
                )
    if statistics == "none" and store.dialect == "postgresql":
        async with store.reading() as uow:  # reltuples -1: never analyzed
            await uow.conn.exec_driver_sql(
                "UPDATE pg_class SET reltuples = -1 WHERE relnamespace = 'public'::regnamespace"
                " AND relkind = 'r'"
            )
    middle = fans[n // 2]
    return {
        "ws": ws,
        "deep": fans[n * 9 // 10].id,
        "fan_term": middle.username[1:7],
        "fan_prefix": middle.username[:2],
        "message_term": messages[n // 2 + 1]["text"].split()[1],
        "tidied": tidied,
    }
