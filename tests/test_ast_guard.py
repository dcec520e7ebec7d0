"""An AST built inside another's construction breaks neither (the guard of tests/ast_guard.py).

Each test makes the interleaving deterministic: a garbage cycle whose finalizer builds a second
AST, and a collector threshold that the first parse's own allocations cross. On CPython 3.11.7
without the guard the finalizer runs inside the first parse and it raises SystemError.
"""

import ast
import builtins
import gc
import inspect
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from tests import ast_guard

SOURCE = inspect.getsource(threading)


@contextmanager
def finalizer_due_inside_next_parse(finalizer: Callable[[], None]) -> Iterator[None]:
    class RunsFinalizer:
        def __init__(self) -> None:
            self.cycle = self

        def __del__(self) -> None:
            finalizer()

    thresholds = gc.get_threshold()
    gc.collect()
    gc.disable()
    try:
        RunsFinalizer()
        gc.set_threshold(100)  # the parse's first hundred allocations collect the cycle
        gc.enable()
        yield
    finally:
        gc.set_threshold(*thresholds)
        gc.enable()
        gc.collect()  # if the parse held the finalizer off, it runs now


def test_a_parse_in_a_finalizer_during_a_parse() -> None:
    built: dict[str, Any] = {}
    with finalizer_due_inside_next_parse(lambda: built.update(inner=ast.parse(SOURCE))):
        built["outer"] = ast.parse(SOURCE)
    assert isinstance(built["outer"], ast.Module)
    assert isinstance(built["inner"], ast.Module)


def test_a_parse_in_another_thread_during_a_parse() -> None:
    built: dict[str, Any] = {}
    second = threading.Thread(target=lambda: built.update(second=ast.parse(SOURCE)))

    def start_second() -> None:
        second.start()
        # Bounded: the finalizer may run while the first thread still holds the guard's lock
        # (the collector resumes just before it lets go), and then the second thread waits.
        second.join(timeout=1)

    with finalizer_due_inside_next_parse(start_second):
        built["first"] = ast.parse(SOURCE)
    second.join()
    assert isinstance(built["first"], ast.Module)
    assert isinstance(built["second"], ast.Module)


def test_the_guard_is_installed_in_this_process() -> None:
    """In each pytest-xdist worker too: tests/conftest.py installs it in pytest_configure, which
    every worker runs before its first test."""
    if sys.version_info < (3, 11, 8):
        assert builtins.compile is ast_guard._compile
