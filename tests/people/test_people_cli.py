"""`countersign users create --accounts` and `users assign`: the accounts a member sees, set
from a shell, shown by `users list`, an unknown account refused in one line. In process on
SQLite (tests/cli runs the command itself; the use case under it runs on both drivers in
test_assignments.py)."""

from __future__ import annotations

import asyncio
import os

import pytest

from service.cli.console import main
from service.domain.clock import ManualClock
from storage.sql.store import SqlStore
from tests.factories import add_live_account


async def _link_two(url: str, workspace_id: str) -> None:
    store = SqlStore.from_url(url)
    try:
        for account_id, name in (("40001", "ava"), ("40002", "bea")):
            await add_live_account(store, ManualClock(), workspace_id, account_id, name)
    finally:
        await store.close()


def test_users_create_with_accounts_and_assign(tmp_path, monkeypatch, capsys):
    for name in [n for n in os.environ if n.startswith("COUNTERSIGN_")]:
        if name != "COUNTERSIGN_PASSWORD_HASHING":
            monkeypatch.delenv(name)
    url = f"sqlite:///{tmp_path}/cli.db"
    monkeypatch.setenv("COUNTERSIGN_DATABASE_URL", url)

    def run(*args: str) -> str:
        main(list(args))
        return capsys.readouterr().out

    made = run("users", "create", "boss@x.test", "--role", "owner", "--password", "pw-1234567890")
    asyncio.run(_link_two(url, made.split(" of ")[1].split()[0]))
    chatter = run(
        "users", "create", "ann@x.test", "--accounts", "40001", "--password", "pw-12345678"
    )
    assert "ann@x.test is assigned to 40001" in chatter
    listed = {line.split()[0]: line for line in run("users", "list").splitlines()}
    assert listed["ann@x.test"].endswith("accounts=40001")
    assert listed["boss@x.test"].endswith("accounts=all")

    assert "assigned to 40001, 40002" in run(
        "users", "assign", "ann@x.test", "--accounts", "40001,40002"
    )
    with pytest.raises(SystemExit) as refused:
        run("users", "assign", "ann@x.test", "--accounts", "99999")
    assert "account_not_found (accounts)" in str(refused.value.code)
    assert "ann@x.test is assigned to all accounts" in run("users", "assign", "ann@x.test", "--all")
