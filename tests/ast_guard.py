"""One AST at a time in the test process, and nothing else inside it (CPython < 3.11.8 only).

CPython 3.11.7 keeps the AST constructor's recursion depth in interpreter-wide state, so two
ASTs built at once fail with "SystemError: AST constructor recursion depth mismatch"
(python/cpython#106905, fixed in 3.11.8). "At once" is two threads, or one: the constructor
allocates, an allocation can run the garbage collector, and a finalizer it runs can build an
AST of its own (an asyncio task that nobody awaited logs its traceback, and formatting a
traceback parses source). So the guard builds ASTs one at a time with the collector paused,
which leaves no Python code, and so no other thread, a way in. The suite's code does build ASTs:
Hypothesis and schemathesis parse module sources for constants, formatting a traceback parses a
line of source (3.11's caret anchors), and anyio's lazy importer compiles its package's source
with `PyCF_ONLY_AST` when a thread first imports it. Every one of them goes through the builtin
`compile` (`ast.parse` calls it), so that is where the guard sits.

This module has no `from __future__` import on purpose: `compile` inherits the future flags of
the frame that calls it, and that frame is now `_compile`.
"""

import ast
import builtins
import gc
import sys
import threading
from typing import Any

_builtin_compile = builtins.compile
_one_builder = threading.RLock()


def _compile(
    source: Any, filename: Any, mode: str, flags: int = 0, *args: Any, **kwargs: Any
) -> Any:
    if not flags & ast.PyCF_ONLY_AST:
        return _builtin_compile(source, filename, mode, flags, *args, **kwargs)
    with _one_builder:
        collecting = gc.isenabled()
        gc.disable()
        try:
            return _builtin_compile(source, filename, mode, flags, *args, **kwargs)
        finally:
            if collecting:
                gc.enable()


def install() -> None:
    if sys.version_info < (3, 11, 8) and builtins.compile is _builtin_compile:
        builtins.compile = _compile
