"""A pytest plugin summing each test's setup phase: CPU (process_time) and wall (perf_counter).

Used by setup_cpu.sh: `SETUP_CPU_OUT=file PYTHONPATH=dir pytest -p setup_cpu ...`."""

import os
import time

import pytest

_acc = {"cpu": 0.0, "wall": 0.0, "n": 0}


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item):
    cpu, wall = time.process_time(), time.perf_counter()
    yield
    _acc["cpu"] += time.process_time() - cpu
    _acc["wall"] += time.perf_counter() - wall
    _acc["n"] += 1


def pytest_sessionfinish(session):
    with open(os.environ["SETUP_CPU_OUT"], "w") as f:
        f.write(f"{_acc['n']} {_acc['cpu']:.3f} {_acc['wall']:.3f}\n")
