"""Three bars of the code that no linter holds: a module reads in one sitting (under 400 lines;
the benchmarks and the tests too, which are read as often as what they measure and prove), a
folder of the service or its storage is taken in at a glance (at most 20 modules, its
`__init__.py` included: past that it hides a sub-feature that wants its own room), and only the storage driver knows which database it runs on (its SQL, its pragmas, its column
variants and compile rules), so a repository or a table is written once for both."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MAX_LINES = 400
MAX_MODULES = 20
DRIVER = ROOT / "storage" / "sql" / "driver"
DIALECT_SPECIFIC = re.compile(
    r"dialect(\.name)?\s*[!=]=|[!=]=\s*\"(sqlite|postgresql)\"|get_backend_name\(\)"
    r"|PRAGMA|with_variant|@compiles|INDEXED BY|sqlite_master|to_regclass"
)
"""What names a database in code: a comparison with its name, its own statements, a column
variant or compile rule. Partial indexes' `sqlite_where` / `postgresql_where` are declarations
of the schema, and a docstring may name either database."""


def _modules(*tops: str) -> list[Path]:
    return sorted(path for top in tops for path in (ROOT / top).rglob("*.py"))


def test_every_module_reads_in_one_sitting() -> None:
    long = {
        str(path.relative_to(ROOT)): lines
        for path in _modules("service", "storage", "harness", "bench", "tests")
        if (lines := len(path.read_text().splitlines())) >= MAX_LINES
    }
    assert not long, f"split by concept, under {MAX_LINES} lines: {long}"


def test_every_folder_is_taken_in_at_a_glance() -> None:
    crowded = {
        str(folder.relative_to(ROOT)): count
        for top in ("service", "storage")
        for folder in [ROOT / top, *(ROOT / top).rglob("*")]
        if folder.is_dir() and (count := len(list(folder.glob("*.py")))) > MAX_MODULES
    }
    assert not crowded, (
        f"give the sub-feature its own folder, {MAX_MODULES} modules at most: {crowded}"
    )


def test_only_the_driver_names_a_database() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in _modules("storage/sql")
        if DRIVER not in path.parents
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if DIALECT_SPECIFIC.search(line)
    ]
    assert not found, "move it into storage/sql/driver/:\n" + "\n".join(found)
