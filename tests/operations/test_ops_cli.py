"""`countersign prune | backup` and the start-up checks, as an operator runs them: real
subprocesses on a real SQLite file and PostgreSQL. Operator errors are one line and exit 2."""

from __future__ import annotations

import asyncio
import sqlite3
import threading

import pytest

from storage.migrate import migrate
from storage.sql.driver.engine import make_engine
from tests.cli.test_cli import cli, environment

FIXED = 2  # the exit code of configuration, connection and database errors


def one_line(done) -> str:
    lines = done.stderr.strip().splitlines()
    assert done.returncode == FIXED, (done.stdout, done.stderr)
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    return lines[0]


@pytest.mark.parametrize("command", [["serve", "--port", "1"], ["worker"]])
def test_serve_and_worker_refuse_a_missing_database_and_create_nothing(tmp_path, command):
    path = tmp_path / "elsewhere" / "countersign.db"
    env = environment(f"sqlite:///{path}", COUNTERSIGN_PLATFORM_URL="http://127.0.0.1:9")
    line = one_line(cli(env, *command, ok=False))
    assert f"no database at {path}" in line and "countersign migrate" in line
    assert not path.exists()


def test_serve_refuses_a_database_at_an_older_schema(tmp_path):
    path = tmp_path / "old.db"

    async def old() -> None:
        engine = make_engine(f"sqlite:///{path}")
        await migrate(engine, "c7ee5e70007a")
        await engine.dispose()

    asyncio.run(old())
    env = environment(f"sqlite:///{path}", COUNTERSIGN_PLATFORM_URL="http://127.0.0.1:9")
    line = one_line(cli(env, "worker", ok=False))
    assert "c7ee5e70007a" in line and "countersign migrate" in line
    cli(env, "migrate")
    assert "database is at the latest schema" in cli(env, "migrate").stdout


@pytest.mark.parametrize(
    "url, expected",
    [
        ("nonsense", "COUNTERSIGN_DATABASE_URL"),
        ("postgresql://postgres@127.0.0.1:9/none", "COUNTERSIGN_DATABASE_URL"),
    ],
)
@pytest.mark.parametrize("command", [["migrate"], ["keys", "list"], ["prune"], ["worker"]])
def test_database_problems_are_one_line_and_exit_2(url, expected, command):
    env = environment(
        url, COUNTERSIGN_SECRET_KEY="s", COUNTERSIGN_PLATFORM_URL="http://127.0.0.1:9"
    )
    assert expected in one_line(cli(env, *command, ok=False))


def test_a_configuration_error_is_one_line_and_exit_2(tmp_path):
    env = environment(f"sqlite:///{tmp_path}/x.db", COUNTERSIGN_RETENTION_EVENTS_DAYS="-1")
    assert "RETENTION" in one_line(cli(env, "prune", ok=False))


def test_prune_says_what_it_removed_per_kind(database_url, store):
    done = cli(environment(database_url), "prune")
    kinds = ("deliveries", "attempts", "events", "sessions", "invites", "links", "allowance_uses")
    rows = [line for line in done.stdout.splitlines() if line.endswith(" removed")]
    assert {row.split()[0] for row in rows} >= set(kinds)
    # One column each: every count ends where the others do, whatever the kind's length.
    assert len({row.index(" removed") for row in rows}) == 1


def test_backup_of_a_database_under_write_load_passes_integrity_check(tmp_path):
    path = tmp_path / "live.db"
    env = environment(f"sqlite:///{path}")
    cli(env, "migrate")
    stop = threading.Event()
    written = [0]

    def write() -> None:  # another process's writes, as the service would make them
        raw = sqlite3.connect(path, isolation_level=None, timeout=30)
        raw.execute("PRAGMA journal_mode=WAL")
        while not stop.is_set():
            raw.execute("BEGIN IMMEDIATE")
            for _ in range(50):
                written[0] += 1
                raw.execute(
                    "INSERT INTO counters (name, value) VALUES (?, ?)",
                    (f"load:{written[0]}", written[0]),
                )
            raw.execute("COMMIT")
        raw.close()

    writer = threading.Thread(target=write)
    writer.start()
    try:
        while written[0] < 2000:  # the load is running before the backup starts
            stop.wait(0.01)
        done = cli(env, "backup", str(tmp_path / "copy.db"))
    finally:
        stop.set()
        writer.join()
    assert "integrity_check: ok" in done.stdout
    copy = sqlite3.connect(tmp_path / "copy.db")
    assert copy.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    rows = copy.execute("SELECT count(*) FROM counters").fetchone()[0]
    copy.close()
    assert 2000 <= rows <= written[0]
    assert f"counters {rows:>10} rows".split() == [
        part for line in done.stdout.splitlines() if "counters" in line for part in line.split()
    ]
    again = cli(env, "backup", str(tmp_path / "copy.db"), ok=False)
    assert "exists already" in one_line(again)


def test_backup_refuses_postgresql_with_where_to_look(postgres_url):
    line = one_line(cli(environment(postgres_url), "backup", "x.db", ok=False))
    assert "pg_dump" in line and "docs/operations.md" in line
