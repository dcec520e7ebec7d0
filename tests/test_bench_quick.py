"""Every bench still runs: each one's `--quick` mode (bench/quick.py: tiny sizes, figures not
looked at) runs here, in this process, so a bench that rotted (an API it calls changed) fails
the build instead of the next person who measures with it."""

from __future__ import annotations

import importlib
import os
import runpy
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).parents[1] / "bench"
QUICK = (
    *("actions_pages", "approval_latency", "deliveries", "governance", "governance_floor"),
    *("growth", "hot_path_cpu", "hot_path_parts", "list_by_status_merge", "mail"),
    *("prune_batches", "prune_drain", "request_cpu", "revenue_pull", "scale", "schedule"),
    *("sync_cost", "sync_pacing", "sync_scale", "synced_reads_cpu", "validation", "waiters"),
    *("chat_latency", "routing", "suggestions", "request_ceiling"),
)
NOT_RUN = {
    **dict.fromkeys(
        ("api_throughput", "collector_share", "hot_path", "platform_route", "synced_reads"),
        "load from wrk, which CI does not install",
    ),
    "cluster": "four service processes, Redis and faults for minutes",
    "soak": "processes killed and restarted for minutes",
    "hot_path_instructions": "compares two checkouts under valgrind",
    "cli_start": "times the CLI's start in fresh processes: 10 s at its smallest",
    **dict.fromkeys(
        ("bare_app", "in_process", "limit_app", "limit_synced_app", "service_app"),
        "an app other benches serve",
    ),
    **dict.fromkeys(
        ("cluster_platform", "platform_proxy_app", "tcp_proxy", "openapi_core_validation"),
        "a process or part other benches start",
    ),
    **dict.fromkeys(
        ("scale_api", "scale_http", "scale_measure", "scale_seed", "scale_stall", "quick"),
        "a part of other benches",
    ),
    **dict.fromkeys(
        (
            *("cluster_faults", "cluster_figures", "cluster_load", "cluster_processes"),
            *("cluster_queries", "cluster_report", "cluster_seed"),
            *("soak_check", "soak_cluster", "soak_load", "soak_report"),
            *("growth_probes", "growth_tables", "governance_floor_rows", "governance_floor_writes"),
            *("limit_postgres", "limit_rows", "limit_sqlite"),
        ),
        "a part of the module it is named after",
    ),
}


def test_every_bench_has_a_quick_run_or_a_reason():
    """A new bench joins QUICK (or says why it cannot), and every module imports."""
    modules = {path.stem for path in BENCH.glob("*.py")} - {"__init__"}
    assert modules == set(QUICK) | set(NOT_RUN)
    for name in sorted(modules):
        importlib.import_module(f"bench.{name}")


QUICK_WAYS = {"scale": [["--through", "http", "--stall"]]}
"""Benches whose other ways of measuring run quick too (the scale probe over HTTP, through a
uvicorn server process of its own)."""


@pytest.mark.parametrize(
    ("name", "extra"),
    [(name, []) for name in QUICK] + [(n, w) for n, ways in QUICK_WAYS.items() for w in ways],
    ids=lambda value: " ".join(value) if isinstance(value, list) else value,
)
def test_the_bench_runs_quick(name, extra, monkeypatch, capsys):
    monkeypatch.setattr(sys, "argv", [f"bench.{name}", "--quick", *extra])
    saved = dict(os.environ)  # some benches set the service's settings in the environment
    try:
        runpy.run_path(str(BENCH / f"{name}.py"), run_name="__main__")
    except SystemExit as exit_:
        # 1: a goal missed, which a quick run's sizes say nothing about; 2 is argparse's
        assert exit_.code in (None, 0, 1), capsys.readouterr().err[-2000:]
    finally:  # ...which must not reach the processes later tests in this worker start
        os.environ.clear()
        os.environ.update(saved)
    assert capsys.readouterr().out.strip()
