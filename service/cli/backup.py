"""A consistent copy of a SQLite database while the service writes to it.

sqlite3's online backup API copies the pages in one step under one read transaction: in WAL
mode a reader never blocks writers, and the copy is the database as of one commit. (Copying in
several steps restarts whenever another connection writes, which under steady load may never
end.) The copy is then made self-contained (journal_mode=DELETE), checked with
`PRAGMA integrity_check`, and counted per table. It is written beside the target and renamed
into place only when complete, so a failed backup never leaves a half file under its name. The
copy holds everything the live database does, so it is readable by its owner only (0600, as
the live file is), whatever the umask; the directory it is written to keeps its mode."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from attrs import frozen

OWNER_ONLY = 0o600


@frozen
class BackupReport:
    integrity: str  # "ok", or what integrity_check found
    rows: dict[str, int]
    size_bytes: int


def backup_sqlite(source: Path, target: Path) -> BackupReport:
    partial = target.with_name(f".{target.name}.partial")
    partial.unlink(missing_ok=True)
    # Made empty and private before SQLite writes a page (an empty file is a new database);
    # SQLite gives its journal the database file's mode.
    os.close(os.open(partial, os.O_CREAT | os.O_EXCL | os.O_WRONLY, OWNER_ONLY))
    os.chmod(partial, OWNER_ONLY)
    src = sqlite3.connect(source, timeout=30.0)
    try:
        dst = sqlite3.connect(partial)
        try:
            src.backup(dst)  # all pages in one step: one consistent snapshot
            dst.execute("PRAGMA journal_mode=DELETE")
            report = check(dst)
        finally:
            dst.close()
    finally:
        src.close()
    os.replace(partial, target)
    return BackupReport(report.integrity, report.rows, target.stat().st_size)


def check(db: sqlite3.Connection) -> BackupReport:
    """integrity_check and row counts of an open database."""
    problems = [row[0] for row in db.execute("PRAGMA integrity_check")]
    tables = [
        row[0]
        for row in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
            "ORDER BY name"
        )
    ]
    rows = {name: db.execute(f'SELECT count(*) FROM "{name}"').fetchone()[0] for name in tables}
    return BackupReport("; ".join(problems), rows, 0)
