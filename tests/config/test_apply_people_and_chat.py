"""`countersign export`/`apply` with member assignments and chat channels: planned, applied
once, the second apply and export-then-apply change nothing, the bot token never in the file
and kept as it was. Both drivers."""

from __future__ import annotations

import asyncio

import yaml

from service.chat.usecases import connect
from service.domain.clock import SystemClock
from service.domain.principal import Principal
from service.kit.crypto import SecretBox
from storage.sql.store import SqlStore
from tests.config.test_apply import countersign, operator  # noqa: F401 (the fixture)

TOKEN = "xoxb-kept-secret-7"

FILE = """\
version: 1
members:
  - email: owner@agency.test
    role: owner
  - email: ada@agency.test
    role: member
    accounts: ["40001"]
chat:
  - provider: slack
    channel: C0NEW
    accounts:
      "40001": C0MAYA
"""

BROKEN = """\
version: 1
members:
  - email: ada@agency.test
    role: member
    accounts: ["99999"]
chat:
  - provider: telegram
    channel: "-100200"
"""


def _run(database_url: str, work):
    async def go():
        store = SqlStore.from_url(database_url)
        try:
            return await work(store)
        finally:
            await store.close()

    return asyncio.run(go())


def test_assignments_and_chat_channels_from_the_file(operator, database_url, tmp_path, capsys):  # noqa: F811
    operator_principal = Principal.operator(operator.workspace_id)
    box = SecretBox("config-test-secret")

    async def connect_slack(store):
        await connect(
            store, SystemClock(), operator_principal, "slack", "C0OLD", bot_token=TOKEN, box=box
        )

    _run(database_url, connect_slack)
    path = tmp_path / "countersign.yaml"
    path.write_text(FILE)
    code, out, err = countersign(capsys, "apply", str(path), "--dry-run")
    assert code == 0, err
    assert "Plan: 0 to add, 2 to change, 0 to remove." in out, out
    assert "~ accounts of member ada@agency.test" in out and "~ Slack channels" in out
    assert '{"accounts": "all"}' in out and '{"accounts": ["40001"]}' in out

    code, out, err = countersign(capsys, "apply", str(path), "--yes")
    assert (code, "Applied 2 change(s)." in out) == (0, True), err
    code, out, _ = countersign(capsys, "apply", str(path), "--yes")
    assert (code, out.strip()) == (0, "No changes: the workspace already matches the file.")

    code, exported, _ = countersign(capsys, "export")
    assert code == 0 and TOKEN not in exported and "xoxb" not in exported
    data = yaml.safe_load(exported)
    members = {m["email"]: m for m in data["members"]}
    assert members["ada@agency.test"]["accounts"] == ["40001"]
    assert "accounts" not in members["owner@agency.test"]  # owners see every account
    assert data["chat"] == [
        {"provider": "slack", "channel": "C0NEW", "accounts": {"40001": "C0MAYA"}}
    ]
    again = tmp_path / "exported.yaml"
    again.write_text(exported)
    code, out, _ = countersign(capsys, "apply", str(again), "--dry-run", "--prune")
    assert (code, out.strip()) == (0, "No changes: the workspace already matches the file.")

    async def read(store):
        async with store.reading() as uow:
            slack = await uow.chat_connections.get(operator.workspace_id, "slack")
            users = await uow.members.list(operator.workspace_id)
        return slack, {m.email: m.account_ids for m in users}

    slack, assigned = _run(database_url, read)
    assert box.open_text(slack.bot_token or "") == TOKEN  # the token kept as it was
    assert assigned["ada@agency.test"] == ["40001"]

    broken = tmp_path / "broken.yaml"
    broken.write_text(BROKEN)
    code, _, err = countersign(capsys, "apply", str(broken), "--yes")
    assert code == 1 and "2 problem(s)" in err, err
    assert "broken.yaml: line 5: members[0].accounts[0]: No account `99999`" in err, err
    assert "broken.yaml: line 7: chat[0].provider: Telegram is not connected" in err, err
    assert countersign(capsys, "export")[1] == exported
