"""The platform is never faked by accident, and /healthz tells the truth."""

from __future__ import annotations

import subprocess
import sys

import httpx

from service.app import create_app
from service.settings import Settings
from storage.sql.store import SqlStore
from tests.cli.test_cli import COMMAND, ROOT, cli, environment, free_port, wait_until_serving


def test_serve_and_worker_refuse_to_start_without_a_platform_url(tmp_path):
    env = environment(f"sqlite:///{tmp_path}/cs.db")
    for command in (["serve", "--port", str(free_port())], ["worker"]):
        done = subprocess.run(
            [*COMMAND, *command],
            env=env,
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert done.returncode != 0, command
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
        assert "COUNTERSIGN_PLATFORM_URL" in lines[0] and "--fake-platform" in lines[0]


def test_serve_logs_the_platform_it_uses_and_healthz_reports_it(tmp_path, fake_platform):
    env = environment(
        f"sqlite:///{tmp_path}/cs.db",
        COUNTERSIGN_RUN_WORKERS="false",
        COUNTERSIGN_PLATFORM_URL=fake_platform.base_url,
        COUNTERSIGN_WORKERS_EXPECTED="0",  # this replica runs no workers, and none is expected
    )
    cli(env, "migrate")
    port = free_port()
    process = subprocess.Popen(
        [*COMMAND, "serve", "--port", str(port)],
        env=env,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_serving(process, base)
        health = httpx.get(f"{base}/healthz", timeout=10)
    finally:
        process.terminate()
        out, _ = process.communicate(timeout=15)
    assert f"platform at {fake_platform.base_url}" in out
    assert f"SQLite file {tmp_path}/cs.db" in out  # the absolute path it serves
    assert health.status_code == 200
    body = health.json()
    assert (body["status"], body["database"]) == ("ok", "ok")
    assert body["platform"] == {"configured": True, "reachable": True}
    assert body["workers"] == {"expected": 0, "alive": 0, "stopped": []}


def test_nothing_but_demo_and_the_fake_platform_command_imports_the_harness():
    probe = (
        "import sys, service.app, service.cli.console, service.runtime.runner, service.mcp; "
        "import service.dashboard, service.linking; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'harness'))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert done.stdout.strip() == "[]"
    # Statically, every module of service/ and storage/ (but `demo` and the `fake-platform`
    # command) is kept from importing harness/ by import-linter's contract "The fake platform
    # and receiver are for tests and `countersign demo` only" (pyproject.toml, `make lint`).


async def test_healthz_is_503_when_the_database_does_not_answer(tmp_path):
    gone = SqlStore.from_url("postgresql://postgres@127.0.0.1:9/none")
    settings = Settings(
        database_url=f"sqlite:///{tmp_path}/x.db",
        secret_key="s",
        run_workers=False,
        platform_url="http://127.0.0.1:9",
    )
    app = create_app(settings, store=gone)
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://t"
    ) as client:
        response = await client.get("/healthz")
    await gone.close()
    assert response.status_code == 503
    assert response.json() == {  # no workers or backlog without the database to read them
        "status": "unavailable",
        "database": "unavailable",
        "platform": {"configured": True, "reachable": False},
    }
    assert "127.0.0.1" not in response.text


async def test_a_database_that_does_not_answer_gives_503_with_retry_after(tmp_path):
    gone = SqlStore.from_url("postgresql://postgres@127.0.0.1:9/none")
    settings = Settings(
        database_url=f"sqlite:///{tmp_path}/x.db",
        secret_key="s",
        run_workers=False,
        platform_url="http://127.0.0.1:9",
    )
    app = create_app(settings, store=gone)
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://t"
    ) as client:
        response = await client.get("/v1/accounts", headers={"Authorization": "Bearer sk_x"})
    await gone.close()
    assert response.status_code == 503 and response.headers["Retry-After"] == "5"
    assert response.json()["error"]["code"] == "internal_error"
