"""Fans' and messages' `search=` on the trigram indexes, on both drivers.

Each test compares what the store returns with the definition of a search (a case-insensitive
substring of the username or name, or of a message's text, in list order), computed in Python
over every row written. Rows are written straight through SQL as well as through the
repositories: the database keeps its indexes, whatever writes the rows."""

from __future__ import annotations

import datetime as dt
import json

import pytest
import sqlalchemy as sa

from service.domain.clock import ManualClock
from service.synced.model import Fan
from service.workspaces.usecases import create_workspace
from storage.migrate import migrate
from storage.sql.driver.engine import make_engine
from storage.sql.driver.search import FREQUENT, FTS_TABLES, PROBE, TRIGRAM_INDEXES, WALK_ROWS
from storage.sql.store import SqlStore
from tests.factories import add_live_account

NOW = dt.datetime(2026, 11, 1, 12, 0, tzinfo=dt.UTC)
ACCOUNT = "40001"


def _fan(ws: str, n: int, username: str, name: str | None) -> Fan:
    return Fan(
        workspace_id=ws,
        account_id=ACCOUNT,
        id=f"{n:06d}",
        username=username,
        name=name,
        avatar_url=None,
        subscription_status="active",
        subscribed_at=None,
        expires_at=None,
        list_ids=(),
    )


def _people(ws: str) -> list[Fan]:
    """A frequent term ("common", in more than FREQUENT rows), rare ones, and awkward text."""
    fans = [
        _fan(ws, n, f"user{n}" + ("common" if n % 2 else ""), f"Person {n}")
        for n in range(FREQUENT * 2 + 50)
    ]
    fans += [
        _fan(ws, 900001, "Zebra_Keeper", None),
        _fan(ws, 900002, "plain", "Ana 100% Real"),
        _fan(ws, 900003, "quote", 'say "hello"'),
        _fan(ws, 900004, "back\\slash", "ZEBRA fan"),
    ]
    return fans


def _expected(fans: list[Fan], term: str) -> list[str]:
    t = term.lower()
    found = [f for f in fans if t in f.username.lower() or (f.name and t in f.name.lower())]
    return sorted(f.id for f in found)


async def _search_all(store: SqlStore, ws: str, term: str, limit: int) -> list[str]:
    """Every page of the search, through the keyset the API pages with."""
    ids: list[str] = []
    after = None
    while True:
        async with store.reading() as uow:
            page = await uow.fans.list(ws, ACCOUNT, search=term, after=after, limit=limit)
        ids += [f.id for f in page]
        if len(page) < limit:
            return ids
        after = page[-1].id


async def _workspace(store: SqlStore) -> str:
    clock = ManualClock(NOW)
    workspace = await create_workspace(store, clock, "W")
    await add_live_account(store, clock, workspace.id, ACCOUNT)
    return workspace.id


TERMS = ["zebra", "ZEBRA", "common", "100%", '"hello"', "k\\s", "ack\\", "_kee", "nowhere"]


@pytest.mark.parametrize("term", TERMS)
async def test_fan_search_finds_what_a_substring_match_finds_in_order(store, term):
    ws = await _workspace(store)
    fans = _people(ws)
    async with store.transaction() as uow:
        await uow.fans.replace(ws, ACCOUNT, fans)
    expected = _expected(fans, term)
    async with store.reading() as uow:
        first = await uow.fans.list(ws, ACCOUNT, search=term, limit=25)
    assert [f.id for f in first] == expected[:25]
    assert await _search_all(store, ws, term, 100) == expected


def _starting(fans: list[Fan], term: str) -> list[str]:
    t = term.lower()
    found = [
        f for f in fans if f.username.lower().startswith(t) or (f.name or "").lower().startswith(t)
    ]
    return sorted(f.id for f in found)


async def test_a_term_shorter_than_a_trigram_finds_prefixes(store):
    """One or two characters match the start of the username or the name, through the
    B-tree indexes: a rare prefix by its candidates, a common one ("us", "pe": thousands of
    fans) by the walk in page order, page after page."""
    ws = await _workspace(store)
    fans = _people(ws)
    async with store.transaction() as uow:
        await uow.fans.replace(ws, ACCOUNT, fans)
    for term in ("p", "ZE", "us", "pe", "ba", "%", "an", "q"):
        expected = _starting(fans, term)
        assert expected or term == "%"
        async with store.reading() as uow:
            first = await uow.fans.list(ws, ACCOUNT, search=term, limit=25)
        assert [f.id for f in first] == expected[:25], term
        if len(expected) < 200:
            assert await _search_all(store, ws, term, 7) == expected, term


async def test_a_prefix_of_both_columns_lists_each_fan_once_in_order(store):
    """A fan whose username and name both start with the term is found in both prefix
    indexes: listed once, in id order, page after page, between fans matched by one column
    only."""
    ws = await _workspace(store)
    fans = [
        _fan(
            ws,
            n,
            ("Qxuser" if n % 3 else "other") + str(n),
            "QX person" if n % 2 else "Someone",
        )
        for n in range(120)
    ]
    async with store.transaction() as uow:
        await uow.fans.replace(ws, ACCOUNT, fans)
    expected = _starting(fans, "qX")
    assert len(expected) > 25
    async with store.reading() as uow:
        first = await uow.fans.list(ws, ACCOUNT, search="qX", limit=25)
    assert [f.id for f in first] == expected[:25]
    assert await _search_all(store, ws, "qX", 7) == expected


async def test_fans_written_by_plain_sql_are_found_changed_and_forgotten(store):
    ws = await _workspace(store)
    insert = sa.text(
        "INSERT INTO fans (workspace_id, account_id, id, username, name, subscription_status,"
        " list_ids) VALUES (:ws, :account, :id, :username, :name, 'active', '[]')"
    )
    engine = make_engine(store.url)
    try:
        async with engine.begin() as conn:
            await conn.execute(
                insert,
                [
                    {"ws": ws, "account": ACCOUNT, "id": "a1", "username": "Quokka1", "name": None},
                    {"ws": ws, "account": ACCOUNT, "id": "a2", "username": "x", "name": "QUOKKA"},
                    {"ws": ws, "account": ACCOUNT, "id": "a3", "username": "wombat", "name": "W"},
                ],
            )
        assert await _search_all(store, ws, "quokka", 10) == ["a1", "a2"]
        async with engine.begin() as conn:
            await conn.execute(sa.text("UPDATE fans SET username = 'platypus' WHERE id = 'a1'"))
            await conn.execute(sa.text("DELETE FROM fans WHERE id = 'a2'"))
            await conn.execute(sa.text("UPDATE fans SET name = 'Quokka too' WHERE id = 'a3'"))
    finally:
        await engine.dispose()
    assert await _search_all(store, ws, "quokka", 10) == ["a3"]
    assert await _search_all(store, ws, "platypus", 10) == ["a1"]


def _message(fan_id: str, n: int, text: str) -> dict:
    at = NOW - dt.timedelta(minutes=n)
    return {"id": f"m{n:06d}", "fanId": fan_id, "createdAt": at.isoformat(), "text": text}


async def _messages_all(store: SqlStore, ws: str, fan_id: str, term: str) -> list[str]:
    found: list[str] = []
    after = None
    while True:
        async with store.reading() as uow:
            page = await uow.synced.messages(
                ws, ACCOUNT, fan_id, search=term, after=after, limit=100
            )
            rendered = await uow.synced.rendered_messages(
                ws, ACCOUNT, fan_id, search=term, after=after, limit=100
            )
        assert [json.loads(m)["id"] if isinstance(m, str) else m["id"] for m in rendered] == [
            m["id"] for m in page
        ]
        found += [m["id"] for m in page]
        if len(page) < 100:
            return found
        last = page[-1]
        after = (dt.datetime.fromisoformat(last["createdAt"]), last["id"])


@pytest.mark.parametrize("term", ["refund", "REFUND", "tip", "thanks", "5%", "absent"])
async def test_message_search_finds_what_a_substring_match_finds_newest_first(store, term):
    ws = await _workspace(store)
    texts = ["Thanks for the tip!", "Refund please", "5% off", "hello"]
    chat = [_message("f1", n, texts[n % 4] + (" thanks" * (n % 3 == 0))) for n in range(4400)]
    other = [_message("f2", 10_000 + n, "refund elsewhere") for n in range(50)]
    async with store.transaction() as uow:
        await uow.synced.add_messages(ws, ACCOUNT, chat + other)
    expected = [m["id"] for m in chat if term.lower() in m["text"].lower()]  # newest first
    assert await _messages_all(store, ws, "f1", term) == expected


async def test_the_migration_indexes_rows_already_there(empty_url):
    """Revision a19search on a populated database: rows written before it are found after."""
    engine = make_engine(empty_url)
    store = SqlStore.from_url(empty_url)
    try:
        await migrate(engine, "a18i0018text")
        ws = await _workspace(store)
        fans = _people(ws)[-30:]
        async with store.transaction() as uow:
            await uow.fans.replace(ws, ACCOUNT, fans)
            await uow.synced.add_messages(ws, ACCOUNT, [_message("f1", 1, "Old Refund text")])
        await migrate(engine)
        assert await _search_all(store, ws, "zebra", 10) == _expected(fans, "zebra")
        assert await _messages_all(store, ws, "f1", "refund") == ["m000001"]
        async with engine.connect() as conn:
            if store.dialect == "sqlite":
                names = "SELECT name FROM sqlite_master WHERE type = 'table'"
                wanted = set(FTS_TABLES.values())
            else:
                names = "SELECT indexname FROM pg_indexes"
                wanted = set(TRIGRAM_INDEXES)
            assert wanted <= set((await conn.execute(sa.text(names))).scalars())
    finally:
        await store.close()
        await engine.dispose()


async def test_replacing_fans_keeps_the_search_in_step(store):
    """`fans.replace` writes only what changed: fans that left are gone from the search,
    renamed ones are found under the new name only, unchanged ones are still found."""
    ws = await _workspace(store)
    first = [_fan(ws, n, f"keeper{n}", f"Name {n}") for n in range(300)]
    async with store.transaction() as uow:
        await uow.fans.replace(ws, ACCOUNT, first)
    second = [
        _fan(ws, n, f"renamed{n}" if n % 3 == 0 else f"keeper{n}", f"Name {n}")
        for n in range(100, 400)
    ]
    async with store.transaction() as uow:
        await uow.fans.replace(ws, ACCOUNT, second)
    async with store.reading() as uow:
        listed = await uow.fans.list(ws, ACCOUNT, limit=1000)
    assert listed == sorted(second, key=lambda f: f.id)
    for term in ("keeper", "renamed", "keeper12", "name 10"):
        assert await _search_all(store, ws, term, 50) == _expected(second, term), term


@pytest.mark.parametrize("database_url", ["postgres"], indirect=True)  # SQLite: no generic plans
async def test_postgresql_plans_every_search_for_its_term(store):
    """A statement asyncpg keeps prepared gets one generic plan after five calls, and the
    generic plan of `LIKE $n` cannot know the term: it is the walk in list order, which for a
    rare term reads every row of the account (56 ms at 100,000 fans against 4 ms on the trigram
    index, bench/scale.py). A search is planned for its term on every call."""
    ws = await _workspace(store)
    async with store.transaction() as uow:
        await uow.fans.replace(ws, ACCOUNT, _people(ws))
    async with store.reading() as uow:
        for _ in range(8):
            assert [f.id for f in await uow.fans.list(ws, ACCOUNT, search="zebra")] == [
                "900001",
                "900004",
            ]
            await uow.synced.rendered_messages(ws, ACCOUNT, "000001", search="zebra")
        generic = await uow.conn.exec_driver_sql(
            "SELECT statement FROM pg_prepared_statements WHERE generic_plans > 0"
        )
        assert [row[0] for row in generic.all() if "LIKE" in row[0].upper()] == []


async def _recorded(store: SqlStore, call):
    """What `call(uow)` returned, and the SQL of every statement it handed the driver."""
    seen: list[str] = []
    async with store.reading() as uow:
        original = uow.conn._run

        async def recording(sql: str, args, returns_rows: bool):
            seen.append(sql)
            return await original(sql, args, returns_rows)

        uow.conn._run = recording
        return await call(uow), seen


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)  # PostgreSQL: no FTS5
async def test_sqlite_reads_a_rare_terms_index_matches_once(store):
    """The read that decides the plan (fewer than FREQUENT matches) names the candidates too:
    a rare term's page costs one match in the FTS5 index, not a count and a second match."""
    ws = await _workspace(store)
    async with store.transaction() as uow:
        await uow.fans.replace(ws, ACCOUNT, _people(ws))

    async def both(uow):
        await uow.synced.rendered_messages(ws, ACCOUNT, "000001", search="zebra")
        return await uow.fans.list(ws, ACCOUNT, search="zebra")

    found, seen = await _recorded(store, both)
    assert [f.id for f in found] == ["900001", "900004"]
    matches = [sql for sql in seen if " MATCH " in sql.upper()]
    assert len(matches) == 2, seen  # one for the fans, one for the messages


async def test_a_term_many_rows_hold_but_far_apart_is_paged_from_the_index(store):
    """More than PROBE matches sends SQLite's search to the first rows in page order; spread
    thinner than a page among them, that walk falls short and the index's candidates answer.
    Either way the pages are exactly the substring matches in order (both databases)."""
    ws = await _workspace(store)
    spread = WALK_ROWS * 3  # one match in this many rows: never a page within the walk
    fans = [
        _fan(ws, n, f"user{n}" + ("sparse" if n % spread == 0 else ""), None)
        for n in range((PROBE + 20) * spread)
    ]
    async with store.transaction() as uow:
        await uow.fans.replace(ws, ACCOUNT, fans)
    expected = _expected(fans, "sparse")
    assert PROBE < len(expected) < FREQUENT
    assert await _search_all(store, ws, "sparse", 25) == expected
    first, seen = await _recorded(
        store, lambda uow: uow.fans.list(ws, ACCOUNT, search="sparse", limit=25)
    )
    assert [f.id for f in first] == expected[:25]
    if store.dialect == "sqlite":  # the probe, the short walk, the full read, the candidates
        assert [" MATCH " in sql.upper() for sql in seen] == [True, False, True, False], seen
