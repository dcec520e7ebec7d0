"""`countersign` as an operator runs it: real subprocesses against a real database and a served
instance, on SQLite and PostgreSQL (the `database_url` fixture is parametrised over both)."""

from __future__ import annotations

import asyncio
import importlib.util
import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from service.cli.console import run_event_loop

SCRIPT = Path(sys.executable).parent / "countersign"
COMMAND = [str(SCRIPT)] if SCRIPT.exists() else [sys.executable, "-m", "service.cli"]
ROOT = Path(__file__).resolve().parents[2]


def environment(database_url: str, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("COUNTERSIGN_")}
    env["COUNTERSIGN_DATABASE_URL"] = database_url
    if not database_url.startswith("sqlite"):
        env["COUNTERSIGN_SECRET_KEY"] = "cli-test-secret"
    env.update(extra)
    return env


def cli(
    env: dict[str, str], *args: str, ok: bool = True, cwd: Path = ROOT, stdin: str = ""
) -> subprocess.CompletedProcess:
    done = subprocess.run(
        [*COMMAND, *args],
        env=env,
        cwd=cwd,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    if ok:
        assert done.returncode == 0, (args, done.stdout, done.stderr)
    return done


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_until_serving(process: subprocess.Popen, base: str, timeout: float = 30.0) -> None:
    """Poll /openapi.yaml until it answers: a readiness condition, not a fixed sleep."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"serve exited early: {process.stderr.read()}")
        try:
            if httpx.get(f"{base}/openapi.yaml", timeout=1.0).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.05)
    raise AssertionError(f"serve did not answer within {timeout} s")


@pytest.fixture
def served(database_url, store, fake_platform):
    """`countersign serve` on a free port; `store` is requested only so PostgreSQL starts empty."""
    env = environment(
        database_url,
        COUNTERSIGN_RUN_WORKERS="false",
        COUNTERSIGN_PLATFORM_URL=fake_platform.base_url,
    )
    cli(env, "migrate")
    port = free_port()
    process = subprocess.Popen(
        [*COMMAND, "serve", "--port", str(port)],
        env=env,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_serving(process, base)
        yield env, base
    finally:
        process.terminate()
        process.wait(timeout=15)
        process.stderr.close()


def key_from(output: str, prefix: str = "sk_test_") -> str:
    found = re.findall(rf"^({prefix}\S+)$", output, flags=re.MULTILINE)
    assert len(found) == 1, output
    return found[0]


def key_id_from(output: str) -> str:
    return re.search(r"\b(key_[0-9a-z]+)\b", output).group(1)


def create_action(base: str, key: str, account: str, idempotency_key: str) -> httpx.Response:
    return httpx.post(
        f"{base}/v1/accounts/{account}/actions",
        headers={"Authorization": f"Bearer {key}", "Idempotency-Key": idempotency_key},
        json={"type": "send_message", "params": {"fanId": "f1", "text": "Hi"}},
        timeout=10,
    )


def test_operator_flow_against_a_served_instance(served):
    env, base = served
    owner = cli(
        env, "users", "create", "owner@x.test", "--password", "pw-1234567890", "--role", "owner"
    )
    assert "owner@x.test is owner of ws_" in owner.stdout

    created = cli(env, "keys", "create", "--name", "ci", "--mode", "test", "--scopes", "read,write")
    key, key_id = key_from(created.stdout), key_id_from(created.stdout)

    listed = cli(env, "keys", "list").stdout
    assert key_id in listed and key[:12] in listed and "ci" in listed and "active" in listed
    assert key not in listed

    accounts = cli(env, "accounts", "list").stdout.splitlines()
    sandbox = [line.split()[0] for line in accounts if "  test  " in line]
    assert sandbox, accounts
    account = sandbox[0]

    first = create_action(base, key, account, "cli-1")
    assert first.status_code == 202, first.text
    assert first.json()["data"]["status"] == "pending"

    rolled = cli(env, "keys", "roll", key_id).stdout
    new_key, new_id = key_from(rolled), key_id_from(rolled.split("replacement is", 1)[1])
    old = httpx.get(f"{base}/v1/actions", headers={"Authorization": f"Bearer {key}"})
    assert (old.status_code, old.json()["error"]["code"]) == (401, "revoked_api_key")
    fresh = httpx.get(f"{base}/v1/actions", headers={"Authorization": f"Bearer {new_key}"})
    assert fresh.status_code == 200 and [a["id"] for a in fresh.json()["data"]] == [
        first.json()["data"]["id"]
    ]

    assert "writes off" in cli(env, "accounts", "writes", account, "off").stdout
    blocked = create_action(base, new_key, account, "cli-2")
    assert (blocked.status_code, blocked.json()["error"]["code"]) == (403, "writes_disabled")
    cli(env, "accounts", "writes", account, "on")
    assert create_action(base, new_key, account, "cli-3").status_code == 202

    everything = cli(env, "accounts", "writes", "--all", "off").stdout
    assert "writes off for all" in everything
    assert all("writes=off" in line for line in cli(env, "accounts", "list").stdout.splitlines())
    assert create_action(base, new_key, account, "cli-4").status_code == 403
    cli(env, "accounts", "writes", "--all", "on")

    assert f"{new_id} revoked" in cli(env, "keys", "revoke", new_id).stdout
    gone = httpx.get(f"{base}/v1/actions", headers={"x-api-key": new_key})
    assert (gone.status_code, gone.json()["error"]["code"]) == (401, "revoked_api_key")
    assert "revoked" in cli(env, "keys", "list").stdout


def test_unknown_key_and_account_fail_with_a_message(tmp_path):
    env = environment(f"sqlite:///{tmp_path}/cli.db")
    cli(env, "migrate")
    revoke = cli(env, "keys", "revoke", "key_missing", ok=False)
    assert revoke.returncode != 0 and "Traceback" not in revoke.stderr
    writes = cli(env, "accounts", "writes", "nope", "off", ok=False)
    assert writes.returncode != 0 and "no account nope" in writes.stderr


def test_postgresql_without_secret_key_is_a_configuration_error(postgres_url):
    env = environment(postgres_url)
    del env["COUNTERSIGN_SECRET_KEY"]
    done = cli(env, "migrate", ok=False)
    assert done.returncode != 0
    assert "COUNTERSIGN_SECRET_KEY is required" in done.stderr


def test_a_database_that_refuses_says_why_and_one_that_is_down_says_so(postgres_url):
    """The server's own words when it answered and refused (no such database, no such role);
    "not answering" only when nothing answered."""
    server, _, _ = postgres_url.rpartition("/")
    refused = {
        f"{server}/cs_no_such_database": 'database "cs_no_such_database" does not exist',
        postgres_url.replace("postgres@", "cs_no_such_role@", 1): 'role "cs_no_such_role"',
    }
    for url, said in refused.items():
        done = cli(environment(url), "migrate", ok=False)
        assert done.returncode != 0 and "Traceback" not in done.stderr
        assert f"the database refused the connection: {said}" in done.stderr, done.stderr
    with socket.socket() as sock:  # a port nothing listens on once closed
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    down = cli(environment(f"postgresql://postgres@127.0.0.1:{port}/x"), "migrate", ok=False)
    assert "the database is not answering" in down.stderr, down.stderr


def test_a_password_left_out_of_the_command_line_is_read_from_stdin(tmp_path):
    """`users create` and `users password` without `--password` read it from standard input
    (no echo at a terminal), so it need not sit in the shell's history; the rules are the
    same."""
    env = environment(f"sqlite:///{tmp_path}/cli.db")
    made = cli(env, "users", "create", "piped@x.test", "--role", "admin", stdin="pw-1234567890\n")
    assert made.stdout.startswith("piped@x.test is admin of ws_")
    short = cli(env, "users", "create", "short@x.test", stdin="short\n", ok=False)
    assert short.returncode != 0 and "at least 10 characters" in short.stderr
    assert "Traceback" not in short.stderr
    # Created again, the person keeps their password, and the operator is told so.
    again = cli(env, "users", "create", "piped@x.test", "--role", "admin", stdin="pw-00000000\n")
    assert "their password is unchanged" in again.stdout and "(was" not in again.stdout
    # A forgotten password is set anew the same way, and the rules still hold.
    reset = cli(env, "users", "password", "piped@x.test", stdin="pw-0000000000\n")
    assert reset.stdout.strip() == "piped@x.test has a new password"
    nobody = cli(env, "users", "password", "nobody@x.test", stdin="pw-0000000000\n", ok=False)
    assert nobody.returncode != 0 and "resource_not_found (email)" in nobody.stderr
    listed = cli(env, "users", "list").stdout.splitlines()
    assert [line.split()[:2] for line in listed] == [["piped@x.test", "admin"]]


def test_users_create_again_never_takes_the_last_owner_away(tmp_path):
    """Made again with another role, a person's role changes as any role change does: it says
    what it was, and the workspace's last owner stays its owner."""
    env = environment(f"sqlite:///{tmp_path}/cli.db")
    cli(env, "users", "create", "boss@x.test", "--role", "owner", stdin="pw-1234567890\n")
    demoted = cli(env, "users", "create", "boss@x.test", stdin="pw-1234567890\n", ok=False)
    assert demoted.returncode != 0 and "last_owner" in demoted.stderr
    cli(env, "users", "create", "ada@x.test", "--role", "owner", stdin="pw-1234567890\n")
    changed = cli(env, "users", "create", "boss@x.test", "--role", "admin", stdin="pw-12345678\n")
    assert "boss@x.test is admin of ws_" in changed.stdout and "(was owner)" in changed.stdout
    roles = sorted(line.split()[:2] for line in cli(env, "users", "list").stdout.splitlines())
    assert roles == [["ada@x.test", "owner"], ["boss@x.test", "admin"]]


def test_users_list_says_how_to_add_someone_when_there_is_nobody(tmp_path):
    env = environment(f"sqlite:///{tmp_path}/cli.db")
    assert "`countersign users create EMAIL` adds one" in cli(env, "users", "list").stdout


def test_a_taken_port_is_refused_before_anything_starts(tmp_path):
    """`demo` and `serve` on an address something already listens on stop at once with one
    line, before the demo seeds or moves its receiver and before a banner says it is ready."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        env = environment(f"sqlite:///{tmp_path}/var/demo.db")
        for command in (("demo", "--port", port), ("serve", "--fake-platform", "--port", port)):
            done = cli(env, *command, ok=False, cwd=tmp_path)
            assert done.returncode == 2 and "Traceback" not in done.stderr
            assert f"cannot listen on 127.0.0.1:{port}" in done.stderr
            assert "--port N" in done.stderr and "ready" not in done.stdout
            assert "platform at" not in done.stdout  # no fake platform was started either
    assert not (tmp_path / "var").exists()  # nothing was seeded


def test_the_worker_runs_on_the_loop_serve_gets():
    """uvicorn's loop="auto" gives `serve` uvloop where it is installed; `worker` matches it."""
    loops: list[str] = []

    async def main() -> None:
        loops.append(type(asyncio.get_running_loop()).__module__.split(".")[0])

    run_event_loop(main())
    assert loops == ["uvloop" if importlib.util.find_spec("uvloop") else "asyncio"]


def test_keys_create_follows_the_same_rules_as_the_dashboard(tmp_path):
    """The rules live in the use case: a bad request is one line on stderr, nothing created."""
    env = environment(f"sqlite:///{tmp_path}/cli.db")
    cli(env, "migrate")
    both = cli(env, "keys", "create", "--name", "spaced", "--scopes", "read, write")
    assert "(test, read,write)" in both.stdout
    sandbox = next(
        line.split()[0]
        for line in cli(env, "accounts", "list").stdout.splitlines()
        if "  test  " in line
    )
    refused = {
        "unknown scope": ["--scopes", "read,superuser"],
        "no scope": ["--scopes", " , "],
        "unknown account": ["--accounts", "acc_nowhere"],
        "sandbox account on a live key": ["--mode", "live", "--accounts", sandbox],
    }
    for why, extra in refused.items():
        done = cli(env, "keys", "create", "--name", why, *extra, ok=False)
        lines = done.stderr.strip().splitlines()
        assert done.returncode != 0 and len(lines) == 1, (why, done.stderr)
        assert lines[0].startswith("invalid_parameter ("), (why, lines)
    listed = cli(env, "keys", "list").stdout
    assert "spaced" in listed and not any(why in listed for why in refused)


def test_every_command_says_what_it_does_in_help():
    """`countersign --help` and each group's help list every command with a line about it."""
    import argparse

    from service.cli.console import parser

    def undescribed(command: argparse.ArgumentParser, path: str) -> list[str]:
        found = []
        for action in command._actions:
            if not isinstance(action, argparse._SubParsersAction):
                continue
            described = {choice.dest for choice in action._choices_actions if choice.help}
            for name, sub in action.choices.items():
                if name not in described:
                    found.append(f"{path} {name}".strip())
                found += undescribed(sub, f"{path} {name}")
        return found

    assert undescribed(parser(), "") == []


def test_the_first_command_in_a_fresh_directory_finds_a_database(tmp_path):
    """The default `var/countersign.db` has its directory made by whichever command runs
    first, private like the file; an empty list says how to fill it."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("COUNTERSIGN_")}
    done = cli(env, "keys", "list", cwd=tmp_path)
    assert "has no API keys: `countersign keys create --name NAME` makes one" in done.stdout
    database = tmp_path / "var" / "countersign.db"
    assert database.stat().st_mode & 0o777 == 0o600
    assert database.parent.stat().st_mode & 0o777 == 0o700
