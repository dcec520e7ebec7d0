"""Every bench's `--quick`: sizes so small that each bench runs in a second or two, so CI runs
them all (tests/test_bench_quick.py) and a bench that no longer runs fails the build. The
figures a quick run prints mean nothing, and its goals are not checked."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any


def parse(parser: argparse.ArgumentParser, argv: Sequence[str] | None = None, **small: Any) -> Any:
    """`parser.parse_args(argv)` with `--quick` added: when given, `small`'s values replace
    the parsed ones (by destination name)."""
    parser.add_argument(
        "--quick", action="store_true", help="tiny sizes (figures meaningless): does it still run"
    )
    args = parser.parse_args(argv)
    if args.quick:
        for name, value in small.items():
            setattr(args, name, value)
    return args
