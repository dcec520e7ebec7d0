"""How long `countersign keys list` takes from exec to exit, against this machine's own floor.

    python -m bench.cli_start [--before-tree /tmp/before] [--rounds 15]

Each round runs every command once, in turn (interleaved, so a slow minute slows them all):
`keys list` from this tree, through the installed `countersign` script, from `--before-tree`
when given, and two references: `python -c
pass` (the interpreter's start) and `python -c "import sqlalchemy"` (the library the statements
are written in, which every storage command imports). One SQLite database, migrated and given a
workspace and a key before the rounds. Prints medians, the ratios, and /proc/loadavg.

The goal is under 0.5 s; read it beside `import sqlalchemy`, which moves with the
machine's speed by as much as 1.5x from one hour to the next.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

THIS_TREE = Path(__file__).resolve().parents[1]


def run(command: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, env=env, cwd=tempfile.gettempdir(), check=True, capture_output=True)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before-tree", type=Path, help="an older checkout, measured alongside")
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as scratch:
        base = {
            **os.environ,
            "COUNTERSIGN_DATABASE_URL": f"sqlite:///{scratch}/cli.db",
            "COUNTERSIGN_SECRET_KEY": "k" * 64,
            "COUNTERSIGN_PASSWORD_HASHING": "cheapest",
        }
        here = {**base, "PYTHONPATH": str(THIS_TREE)}
        cli = [sys.executable, "-m", "service.cli"]
        run([*cli, "migrate"], here)
        run([*cli, "keys", "create", "--name", "bench"], here)

        commands: dict[str, tuple[list[str], dict[str, str]]] = {
            "python -c pass": ([sys.executable, "-c", "pass"], base),
            "python -c 'import sqlalchemy'": ([sys.executable, "-c", "import sqlalchemy"], base),
            "keys list (this tree)": ([*cli, "keys", "list"], here),
        }
        script = Path(sys.executable).with_name("countersign")
        if script.exists():  # the installed console script: this tree when installed with -e
            commands["countersign keys list"] = ([str(script), "keys", "list"], base)
        if args.before_tree:
            before = {**base, "PYTHONPATH": str(args.before_tree.resolve())}
            commands["keys list (before tree)"] = ([*cli, "keys", "list"], before)
        for command, env in commands.values():  # warm the page cache and the .pyc files
            run(command, env)

        load_before = Path("/proc/loadavg").read_text().strip()
        times: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(args.rounds):
            for name, (command, env) in commands.items():
                times[name].append(run(command, env))
        load_after = Path("/proc/loadavg").read_text().strip()

    median = {name: statistics.median(values) for name, values in times.items()}
    print(f"# {args.rounds} interleaved rounds; loadavg {load_before} -> {load_after}")
    print("| command | median | min | max |")
    print("|---|---:|---:|---:|")
    for name, values in times.items():
        print(
            f"| {name} | {median[name] * 1000:.0f} ms | {min(values) * 1000:.0f} ms "
            f"| {max(values) * 1000:.0f} ms |"
        )
    ours, floor = median["keys list (this tree)"], median["python -c 'import sqlalchemy'"]
    print(f"\nkeys list / import sqlalchemy: {ours / floor:.2f}")
    if "keys list (before tree)" in median:
        print(f"keys list, this tree / before tree: {ours / median['keys list (before tree)']:.2f}")
    print(f"goal < 0.5 s: {'met' if ours < 0.5 else 'NOT met'} ({ours * 1000:.0f} ms)")


if __name__ == "__main__":
    main()
