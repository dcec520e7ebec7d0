"""`countersign prune | backup`, and the checks `serve` and `worker` make before they start.

Like admin.py, each command imports what it needs inside its own function. Problems
an operator must fix (a database that is missing, not migrated or unreachable) end the command
with one line and exit code 2 (`Refused`, turned into that exit by console.main)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from service.settings import Settings
    from storage.sql.store import SqlStore

MIGRATE = "run `countersign migrate` first"


class Refused(Exception):
    """An operator error worth one line and exit code 2, never a traceback."""


def sqlite_path(settings: Settings) -> Path | None:
    """The absolute path of the SQLite file, or None on PostgreSQL."""
    if not settings.embedded:
        return None
    from sqlalchemy.engine import make_url

    return Path(make_url(settings.database_url).database or "").resolve()


def database_label(settings: Settings) -> str:
    """Where the data lives, for the start-up line: the absolute SQLite path, or PostgreSQL's
    host and database (never its password)."""
    path = sqlite_path(settings)
    if path is not None:
        return f"SQLite file {path}"
    from sqlalchemy.engine import make_url

    url = make_url(settings.database_url)
    return f"PostgreSQL database {url.database} on {url.host or 'localhost'}:{url.port or 5432}"


async def require_migrated(store: SqlStore, settings: Settings) -> None:
    """`serve` and `worker` never create or upgrade a database by themselves: a missing file
    (started from another directory, a typo) or an old schema is refused, with what to do."""
    from storage.migrate import HEAD

    path = sqlite_path(settings)
    if path is not None and not path.exists():
        raise Refused(f"no database at {path}: {MIGRATE} (or set COUNTERSIGN_DATABASE_URL)")
    revision = await store.revision()
    if revision is None:
        raise Refused(f"the {database_label(settings)} is not migrated: {MIGRATE}")
    if revision != HEAD:
        raise Refused(
            f"the {database_label(settings)} is at schema {revision}, this version needs "
            f"{HEAD}: {MIGRATE}"
        )


def cmd_prune(settings: Settings, args: argparse.Namespace) -> None:
    """Prune now what the worker would prune on its schedule, and say what went."""
    import asyncio

    from service.domain.clock import SystemClock
    from service.operations.model import Retention
    from service.operations.pruner import prune
    from storage.sql.store import SqlStore

    async def work() -> None:
        store = SqlStore.from_url(settings.database_url)
        try:
            await require_migrated(store, settings)
            retention = Retention(
                settings.retention_deliveries_days, settings.retention_events_days
            )
            report = await prune(store, SystemClock(), retention)
        finally:
            await store.close()
        width = max(map(len, report.removed), default=0)
        for kind, count in report.removed.items():
            print(f"{kind:<{width}} {count:>9} removed")
        print(
            f"{report.batches} batches, longest {report.longest_batch_ms:.1f} ms; "
            f"{report.pages_reclaimed} free pages given back to the file system; "
            f"search indexes tidied ({report.search_merged} merged)"
        )

    asyncio.run(work())


def cmd_backup(settings: Settings, args: argparse.Namespace) -> None:
    """A consistent copy of a running SQLite database (SQLite's online backup API), checked
    with `PRAGMA integrity_check`, with what it holds."""
    path = sqlite_path(settings)
    if path is None:
        raise Refused(
            "countersign backup copies SQLite files only: back up PostgreSQL with pg_dump or "
            "pg_basebackup (docs/operations.md, Backups and restores)"
        )
    if not path.exists():
        raise Refused(f"no database at {path}: nothing to back up")
    target = Path(args.file).resolve()
    if target.exists():
        raise Refused(f"{target} exists already: name a new file")
    from service.cli.backup import backup_sqlite

    report = backup_sqlite(path, target)
    print(f"backup of {path} written to {target} ({report.size_bytes / 1e6:.1f} MB)")
    print(f"integrity_check: {report.integrity}")
    for table, count in report.rows.items():
        print(f"  {table:<20} {count:>10} rows")
    secret = path.parent / "secret_key"
    if not settings.secret_key and secret.exists():
        print(
            f"keep {secret} with it: sealed secrets (platform sessions, webhook secrets) "
            "open only with that key"
        )
    if report.integrity != "ok":
        raise Refused(f"the copy at {target} failed integrity_check: {report.integrity}")


def add_commands(sub: Any) -> None:
    """The arguments of `prune` and `backup`."""
    sub.add_parser(
        "prune",
        help="remove what retention no longer keeps, merge the search indexes, say what went",
    ).set_defaults(run=cmd_prune)
    backup = sub.add_parser(
        "backup", help="write a checked copy of the running SQLite database to FILE"
    )
    backup.add_argument("file", metavar="FILE")
    backup.set_defaults(run=cmd_backup)
