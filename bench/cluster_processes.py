"""The cluster's processes (bench/cluster.py, bench/soak.py): each in its own process group so a
kill takes its children too, started and stopped as a supervisor would, on loopback ports."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
PYTHON = sys.executable
SECRET = "cluster-bench-secret-" + uuid.uuid4().hex


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Proc:
    def __init__(
        self, name: str, argv: list[str], env: dict[str, str], logs: Path, port: int | None = None
    ) -> None:
        self.name, self.argv, self.env, self.logs, self.port = name, argv, env, logs, port
        self.process: subprocess.Popen | None = None
        self.starts = 0

    def start(self) -> None:
        self.starts += 1
        with open(self.logs / f"{self.name}.log", "ab") as log:
            log.write(f"\n--- start {self.starts} at {time.time():.3f}\n".encode())
            log.flush()
            self.process = subprocess.Popen(
                self.argv,
                env=self.env,
                cwd=ROOT,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process else None

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def kill(self, sig: int = signal.SIGKILL) -> None:
        if self.alive():
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, sig)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=15)

    def stop(self) -> None:
        if self.alive():
            self.kill(signal.SIGTERM)
        self.kill(signal.SIGKILL)


def wait_http(url: str, proc: Proc, timeout: float = 40.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not proc.alive():
            raise SystemExit(f"{proc.name} exited; see {proc.logs / (proc.name + '.log')}")
        try:
            httpx.get(url, timeout=1)
            return
        except httpx.TransportError:
            time.sleep(0.1)
    raise SystemExit(f"{proc.name} did not answer at {url}")


def wait_redis(port: int, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5) as s:
                s.sendall(b"PING\r\n")
                if s.recv(16).startswith(b"+PONG"):
                    return
        except OSError:
            time.sleep(0.05)
    raise SystemExit("redis-server did not start")


class Cluster:
    WORKERS = ("worker1", "worker2")
    """The worker processes beside the API replicas."""

    def __init__(self, args, db_url: str, logs: Path) -> None:
        self.args, self.db_url, self.logs = args, db_url, logs
        self.procs: dict[str, Proc] = {}
        self.redis_port, self.platform_port = free_port(), free_port()
        self.receiver_port = free_port()
        self.api_ports = [free_port(), free_port()]
        self.platform_url = f"http://127.0.0.1:{self.platform_port}"
        self.receiver_url = f"http://127.0.0.1:{self.receiver_port}"
        self.prefix = f"cs-cluster-{uuid.uuid4().hex[:10]}"

    def env(self, **extra: str) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith("COUNTERSIGN_")}
        env.update(
            {
                "PYTHONPATH": str(ROOT),
                "COUNTERSIGN_DATABASE_URL": self.db_url,
                "COUNTERSIGN_SECRET_KEY": SECRET,
                "COUNTERSIGN_PLATFORM_URL": self.platform_url,
                "COUNTERSIGN_PLATFORM_TIMEOUT": "5",
                "COUNTERSIGN_LIMITS_STORAGE": f"redis://127.0.0.1:{self.redis_port}/0",
                "COUNTERSIGN_LIMITS_PREFIX": self.prefix,
                "COUNTERSIGN_RATE_LIMIT": "100000",
                # development: the deliverer may send to the loopback receiver (SSRF guard)
                "COUNTERSIGN_DEVELOPMENT": "true",
                "COUNTERSIGN_VALIDATE_RESPONSES": "false",
                "COUNTERSIGN_PASSWORD_HASHING": "cheapest",
                "COUNTERSIGN_SYNC_INTERVAL": "20",
                "COUNTERSIGN_PUBLIC_URL": f"http://127.0.0.1:{self.api_ports[0]}",
            }
        )
        env.update(extra)
        return env

    def add(self, name: str, argv: list[str], env: dict[str, str], port=None) -> Proc:
        proc = self.procs[name] = Proc(name, argv, env, self.logs, port)
        return proc

    def start_infra(self) -> None:
        """The private Redis, fake platform and receiver, started together, then waited for."""
        redis = self.add(
            "redis",
            [
                "redis-server",
                "--port",
                str(self.redis_port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
            ],
            dict(os.environ),
        )
        platform = self.add(
            "platform",
            [
                PYTHON,
                str(ROOT / "bench" / "cluster_platform.py"),
                "--port",
                str(self.platform_port),
                "--state-dir",
                str(self.logs / "platform-state"),
            ],
            self.env(),
        )
        receiver = self.add(
            "receiver",
            [
                PYTHON,
                "-m",
                "harness.receiver",
                "--port",
                str(self.receiver_port),
                "--secret",
                "whsec_unset",
            ],
            self.env(),
        )
        for proc in (redis, platform, receiver):
            proc.start()
        wait_redis(self.redis_port)
        wait_http(self.platform_url + "/_control/faults", platform)
        wait_http(self.receiver_url + "/_control/mode", receiver)

    def start_service(self) -> None:
        for i, port in enumerate(self.api_ports, 1):
            self.add(
                f"api{i}",
                [PYTHON, "-m", "service.cli", "serve", "--host", "127.0.0.1", "--port", str(port)],
                self.env(COUNTERSIGN_RUN_WORKERS="false"),
                port,
            ).start()
        for name in self.WORKERS:
            self.add(name, [PYTHON, "-m", "service.cli", "worker"], self.env()).start()
        for i, port in enumerate(self.api_ports, 1):
            wait_http(f"http://127.0.0.1:{port}/healthz", self.procs[f"api{i}"])
        time.sleep(1.0)  # workers: LISTEN set up

    def start_db_replica(self) -> None:
        relay_port, self.api3_port = free_port(), free_port()
        host = self.db_url.split("@", 1)[1].split("/", 1)[0]
        pg_port = int(host.split(":")[1]) if ":" in host else 5432
        self.add(
            "dbrelay",
            [PYTHON, str(ROOT / "bench" / "tcp_proxy.py"), str(relay_port), str(pg_port)],
            dict(os.environ),
        ).start()
        time.sleep(0.5)
        via = self.db_url.replace(host, f"127.0.0.1:{relay_port}")
        self.add(
            "api3",
            [
                PYTHON,
                "-m",
                "service.cli",
                "serve",
                "--host",
                "127.0.0.1",
                "--port",
                str(self.api3_port),
            ],
            self.env(COUNTERSIGN_RUN_WORKERS="false", COUNTERSIGN_DATABASE_URL=via),
            self.api3_port,
        ).start()
        wait_http(f"http://127.0.0.1:{self.api3_port}/healthz", self.procs["api3"])

    def restart(self, name: str) -> None:
        proc = self.procs[name]
        proc.start()
        if proc.port:
            wait_http(f"http://127.0.0.1:{proc.port}/healthz", proc)
        elif name == "platform":
            wait_http(self.platform_url + "/_control/faults", proc)
        elif name == "redis":
            wait_redis(self.redis_port)

    def stop_all(self) -> None:
        for proc in reversed(list(self.procs.values())):
            proc.stop()
