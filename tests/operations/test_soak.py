"""bench/soak.py kept runnable: the same soak for 18 seconds with one SIGKILL of a
worker, on its own scratch PostgreSQL database (two replicas share one database, so PostgreSQL
only), real processes, the fake platform failing about 10% of calls. It must exit 0, meaning
every goal held: nothing executed twice, no event lost, nothing left executing, RSS bounded.
The victim is killed between two sends so that no lease (60 s) has to run out before the end."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_short_soak_meets_every_goal(tmp_path):
    out = tmp_path / "soak.md"
    argv = [sys.executable, "-m", "bench.soak", "--minutes", "0.3", "--kill-every", "12"]
    argv += ["--kill-at", "between-sends", "--clients", "2", "--drain-seconds", "60"]
    done = subprocess.run(
        [*argv, "--out", str(out)],
        check=False,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    report = json.loads(out.with_suffix(".json").read_text())
    check = report["check"]
    assert len(report["kills"]) == 1
    assert check["executed_twice"] == {} and check["events_lost"] == []
    assert check["left_executing"] == 0 and check["left_approved"] == 0
    assert check["statuses"].get("executed", 0) > 10, check["statuses"]
    assert check["platform_faults_injected"] > 0, "the platform failed nothing"
    assert check["replays"]["same"] > 0 and check["replays"]["different"] == 0
    assert check["deliveries_received"] > 0
    assert set(report["growth"]) == {"api1", "api2", "worker-steady"}
    assert "| actions executed twice (platform write log) | 0 |" in out.read_text()
