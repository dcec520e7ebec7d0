"""`make conformance`: the documented schemathesis run, with everything it needs started here.

`countersign demo` runs on a scratch SQLite database in a temporary folder, on a free port,
with a rate limit generous enough for a fuzzer (the default 100 requests per 10 s would answer
most cases `429`, and a throttled fuzzer takes minutes); its printed test key is handed to
`schemathesis run --checks all <url>/openapi.yaml` from the repo root (so it reads
schemathesis.toml and this repo's hooks). The demo is stopped with SIGTERM afterwards and the
folder removed. The exit code is schemathesis's: 0 when no check failed.

    python -m harness.conformance_run [--max-examples N] [extra schemathesis options...]
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import IO

ROOT = Path(__file__).resolve().parents[1]
STARTUP = 120.0
"""Seconds the demo has to print its keys and answer (a cold start on a busy machine)."""
MAX_EXAMPLES = 10
"""Cases per operation (the coverage phase adds its own, whatever this says)."""
REQUEST_TIMEOUT = 60
"""Seconds per request: on a loaded CI machine a live read can take longer than
schemathesis's default 10 s, which it reports as a network error, not a finding."""
SETTINGS = {
    "COUNTERSIGN_RATE_LIMIT": "1000000",
    "COUNTERSIGN_PASSWORD_HASHING": "cheapest",
    "COUNTERSIGN_STOP_GRACE": "5",
}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _drain(stream: IO[str]) -> None:
    for _ in stream:
        pass


def start_demo(folder: Path, port: int) -> tuple[subprocess.Popen[str], str]:
    """The demo process and its test key, once it answers /healthz."""
    env = {
        **os.environ,
        **SETTINGS,
        "COUNTERSIGN_DATABASE_URL": f"sqlite:///{folder}/conformance.db",
        "PYTHONUNBUFFERED": "1",
    }
    env.pop("COUNTERSIGN_PUBLIC_URL", None)
    demo = subprocess.Popen(
        [sys.executable, "-m", "service.cli", "demo", "--port", str(port)],
        cwd=folder,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert demo.stdout is not None
    deadline = time.monotonic() + STARTUP
    key = None
    for line in demo.stdout:
        found = re.search(r"test key\s+(sk_test_\S+)", line)
        if found:
            key = found.group(1)
            break
        if time.monotonic() > deadline:
            break
    if key is None:
        demo.kill()
        raise SystemExit("conformance: the demo did not print a test key")
    # Keep reading what it prints (its receiver logs every delivery): a pipe nobody reads fills
    # up, and the demo then blocks on its next write, answering nothing.
    threading.Thread(target=_drain, args=(demo.stdout,), daemon=True).start()
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2):
                return demo, key
        except OSError:
            time.sleep(0.2)
    demo.kill()
    raise SystemExit("conformance: the demo did not answer /healthz")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-examples", type=int, default=MAX_EXAMPLES)
    parser.add_argument(
        "--port", type=int, default=0, help="the demo's port (its helpers take the next three)"
    )
    args, extra = parser.parse_known_args(argv)
    with tempfile.TemporaryDirectory(prefix="countersign-conformance-") as tmp:
        port = args.port or free_port()
        demo, key = start_demo(Path(tmp), port)
        try:
            command = [
                str(Path(sys.executable).with_name("schemathesis")),
                "run",
                "--checks",
                "all",
                f"http://127.0.0.1:{port}/openapi.yaml",
                "-H",
                f"Authorization: Bearer {key}",
                "--max-examples",
                str(args.max_examples),
                "--request-timeout",
                str(REQUEST_TIMEOUT),
                *extra,
            ]
            print(
                "conformance:",
                " ".join(c if key not in c else "'Authorization: Bearer …'" for c in command),
            )
            return subprocess.run(command, cwd=ROOT, check=False).returncode
        finally:
            demo.send_signal(signal.SIGTERM)
            try:
                demo.wait(30)
            except subprocess.TimeoutExpired:
                demo.kill()


if __name__ == "__main__":
    sys.exit(main())
