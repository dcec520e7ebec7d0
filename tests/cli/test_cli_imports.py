"""What a read-only CLI command loads: the storage layer, never HTTP, templates, MCP, alembic,
argon2 or cryptography. Checked by module name in a real subprocess (a timed test would flake).

The probe runs `service.cli.console.main` as the console script does, then prints `sys.modules`."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.cli.test_cli import ROOT, cli, environment

NOT_NEEDED = (
    "starlette",
    "uvicorn",
    "alembic",
    "httpx",
    "jinja2",
    "mcp",
    "openapi_core",
    "jsonschema",
    "jsonschema_rs",
    "argon2",
    "cryptography",
    "harness",
    "service.api",
    "service.app",
    "service.dashboard",
    "service.platform",
    # The storage layer runs on the raw drivers: SQLAlchemy's async engine (and the ORM it
    # pulls in) is built only to migrate, which a database already at HEAD never needs.
    "sqlalchemy.ext.asyncio",
    "sqlalchemy.orm",
    "aiosqlite",
    "greenlet",
)

PROBE = (
    "import sys\n"
    "from service.cli.console import main\n"
    "main(sys.argv[1:])\n"
    "import json\n"
    "print('MODULES ' + json.dumps(sorted(sys.modules)))\n"
)


def loaded_by(env: dict[str, str], *args: str) -> tuple[list[str], set[str]]:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[-1].startswith("MODULES "), done.stdout
    return lines[:-1], set(json.loads(lines[-1].removeprefix("MODULES ")))


NOT_NEEDED_ON_SQLITE = (*NOT_NEEDED, "sqlalchemy.dialects.postgresql", "asyncpg")
"""PostgreSQL's SQLAlchemy dialect imports every one of its drivers' modules (~30 ms)."""


def heavy(modules: set[str], not_needed: tuple[str, ...]) -> list[str]:
    return sorted(m for m in modules if any(m == n or m.startswith(f"{n}.") for n in not_needed))


@pytest.mark.parametrize("command", [("keys", "list"), ("accounts", "list")])
def test_read_commands_import_no_http_templates_or_migrations(database_url, store, command):
    env = environment(database_url)
    # The first command of a new database creates the workspace (with its sandbox creators,
    # which loads the platform package): make it exist before the probe.
    cli(env, "keys", "create", "--name", "probe")

    printed, modules = loaded_by(env, *command)

    assert printed, "the command printed nothing: the probe did not run it"
    assert "storage.sql.store" in modules  # the probe sees what the command loaded
    found = heavy(modules, NOT_NEEDED_ON_SQLITE if store.dialect == "sqlite" else NOT_NEEDED)
    assert found == [], f"`countersign {' '.join(command)}` loaded what it never needs: {found}"
