"""`countersign export` and `countersign apply`, run in-process as an operator runs them."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import jsonschema_rs
import pytest
import yaml

from service.cli.console import main
from service.config.document import parse, schema
from storage.sql.store import SqlStore
from tests.factories import build_world, empty_every_table
from tests.policies.kit import person

ROOT = Path(__file__).resolve().parents[2]

FILE = """\
version: 1
workspace:
  policy:
    rules:
      - types: [send_mass_message]
        approvals: 2
        approvers: admins
    limits:
      - {types: [send_mass_message], perDay: 5}
accounts:
  "40001":
    rules:
      - types: [send_message]
        approvals: 0
        approvers: members
        maxPerDay: 300
    limits:
      - {types: [send_message], perDay: 400}
  "{sandbox}":
    rules:
      - types: [send_message]
        approvals: 0
        approvers: members
        maxPerDay: 50
    limits:
      - {types: [send_mass_message], perDay: 2}
webhooks:
  - url: http://127.0.0.1:9/hooks
    events: [action.executed, action.failed]
members:
  - email: owner@agency.test
    role: owner
  - email: ada@agency.test
    role: admin
"""

BROKEN = """\
version: 1
accounts:
  "40001":
    rules:
      - types: [send_message]
        approvals: 0
        approvers: members
members:
  - email: ada@agency.test
    role: superuser
"""
# Two problems: an allowance without `maxPerDay` (the policy module's rule, at its rule's
# line) and a role the schema does not know.


@pytest.fixture
def operator(database_url, tmp_path, monkeypatch):
    """The world built, and `countersign` aimed at its database."""

    async def build():
        store = SqlStore.from_url(database_url)
        try:
            if store.dialect == "postgresql":
                await empty_every_table(store)
            from service.domain.clock import SystemClock

            world = await build_world(store, SystemClock())
            await person(store, SystemClock(), world, "ada@agency.test", "Ada", "member")
            return world
        finally:
            await store.close()

    world = asyncio.run(build())
    for name in ("DATABASE_URL", "SECRET_KEY", "DEVELOPMENT", "PASSWORD_HASHING"):
        monkeypatch.delenv(f"COUNTERSIGN_{name}", raising=False)
    monkeypatch.setenv("COUNTERSIGN_DATABASE_URL", database_url)
    monkeypatch.setenv("COUNTERSIGN_SECRET_KEY", "config-test-secret")
    monkeypatch.setenv("COUNTERSIGN_DEVELOPMENT", "true")
    return world


def countersign(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        main(list(argv))
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
        if isinstance(exc.code, str):
            print(exc.code, file=__import__("sys").stderr)
    out, err = capsys.readouterr()
    return code, out, err


def test_plan_apply_again_export_and_a_broken_file(operator, tmp_path, capsys):
    sandbox = operator.sandbox_accounts[0]
    path = tmp_path / "countersign.yaml"
    path.write_text(FILE.replace("{sandbox}", sandbox))

    code, out, _ = countersign(capsys, "apply", str(path), "--dry-run")
    assert code == 0, out
    assert "Plan: 3 to add, 2 to change, 0 to remove." in out
    for named in (
        "~ workspace default policy",
        "+ policy of account 40001 (maya.live)",
        f"+ policy of account {sandbox}",
        "+ webhook http://127.0.0.1:9/hooks",
        "~ member ada@agency.test",
    ):
        assert named in out, named
    assert '    before: {"role": "member"}' in out and '    after:  {"role": "admin"}' in out

    code, out, err = countersign(capsys, "apply", str(path), "--yes")
    assert code == 0, err
    assert "Applied 5 change(s)." in out and "signing secret (shown once): whsec_" in out
    code, out, _ = countersign(capsys, "apply", str(path), "--yes")
    assert (code, out.strip()) == (0, "No changes: the workspace already matches the file.")

    code, exported, _ = countersign(capsys, "export")
    assert code == 0
    assert '"40001":  # maya.live' in exported and "whsec_" not in exported
    data = yaml.safe_load(exported)
    assert not list(jsonschema_rs.validator_for(schema()).iter_errors(data))
    assert data["accounts"]["40001"]["limits"] == [{"types": ["send_message"], "perDay": 400}]
    assert {m["email"]: m["role"] for m in data["members"]}["ada@agency.test"] == "admin"
    again = tmp_path / "exported.yaml"
    again.write_text(exported)
    code, out, _ = countersign(capsys, "apply", str(again), "--dry-run", "--prune")
    assert (code, out.strip()) == (0, "No changes: the workspace already matches the file.")

    broken = tmp_path / "broken.yaml"
    broken.write_text(BROKEN)
    code, out, err = countersign(capsys, "apply", str(broken), "--yes")
    assert code == 1 and "2 problem(s)" in err
    assert 'broken.yaml: line 5: accounts["40001"].rules[0]' in err, err
    assert "broken.yaml: line 10: members[0].role" in err, err
    code, now, _ = countersign(capsys, "export")
    assert now == exported  # nothing changed

    # A plan refused by a use case part-way changes nothing: removing the last owner.
    pruned = tmp_path / "pruned.yaml"
    pruned.write_text("version: 1\nmembers:\n  - {email: ada@agency.test, role: admin}\n")
    code, out, err = countersign(capsys, "apply", str(pruned), "--yes", "--prune")
    assert code == 1 and "last_owner" in err
    assert countersign(capsys, "export")[1] == exported


def test_the_documented_example_is_valid(capsys):
    """The worked example of docs/configuration-as-code.md passes the published schema."""
    page = (ROOT / "docs" / "configuration-as-code.md").read_text()
    example = page.split("```yaml\n", 1)[1].split("```", 1)[0]
    document, problems = parse(example)
    assert document is not None and problems == []
    published = json.loads((ROOT / "docs" / "config-schema.json").read_text())
    assert published == schema()


def test_settings_commands_speak_the_use_cases(operator, capsys):
    from harness.receiver import Receiver, run_receiver_in_thread

    rules = '[{"types": [send_message], "approvals": 2, "approvers": members}]'
    assert countersign(capsys, "policy", "set", "40001", "--rules", rules)[0] == 0
    code, out, _ = countersign(capsys, "policy", "get", "40001")
    assert json.loads(out)["source"] == "account" and json.loads(out)["rules"][0]["approvals"] == 2
    code, _, err = countersign(capsys, "policy", "set", "--rules", '[{"types": [x]}]')
    assert code == 1 and "invalid_parameter" in err

    receiver = Receiver()
    with run_receiver_in_thread(receiver) as url:
        code, out, err = countersign(capsys, "webhooks", "add", url + "/hooks")
        assert code == 0, err
        endpoint_id = out.split()[0]
        receiver.set_secrets([out.rsplit(" ", 1)[1].strip()])
        code, out, err = countersign(capsys, "webhooks", "test", endpoint_id)
        assert (code, out.strip().endswith("succeeded")) == (0, True), (out, err)
    assert countersign(capsys, "webhooks", "update", endpoint_id, "--enabled", "off")[0] == 0
    assert "paused" in countersign(capsys, "webhooks", "list")[1]
    assert "whsec_" in countersign(capsys, "webhooks", "roll", endpoint_id)[1]
    assert countersign(capsys, "webhooks", "remove", endpoint_id)[0] == 0
    assert endpoint_id not in countersign(capsys, "webhooks", "list")[1]

    code, out, _ = countersign(capsys, "members", "invite", "sam@agency.test", "--role", "admin")
    assert code == 0 and "/dashboard/invites/" in out
    assert countersign(capsys, "members", "role", "ada@agency.test", "admin")[0] == 0
    code, _, err = countersign(capsys, "members", "role", "owner@agency.test", "member")
    assert code == 1 and "last_owner" in err
    assert countersign(capsys, "members", "remove", "ada@agency.test")[0] == 0
    listed = countersign(capsys, "members", "list")[1]
    assert "ada@agency.test" not in listed and "sam@agency.test  (invited)" in listed
