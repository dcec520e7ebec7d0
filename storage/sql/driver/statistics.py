"""Planner statistics the product keeps itself, on both databases.

A database's planner weighs an index against a walk by its statistics. SQLite gathers none
unless told (ANALYZE); PostgreSQL's autovacuum does, but late on many managed servers, and a
table a sync just grew tenfold is planned as the small table it was (a first sync's lookups went
from 1.5 ms to 688 ms a call). So:

- SQLite: each connection runs `PRAGMA optimize=0x10002` when it opens, with `analysis_limit`
  bounding each ANALYZE to a sample, and `PRAGMA optimize` again every OPTIMIZE_EVERY seconds:
  what SQLite's documentation recommends for long-lived connections.
- Both: a unit of work that wrote GROWN_ROWS rows or more to a table in batches (a sync, a bulk
  import) counts them; once a table gained max(GROWN_ROWS, GROWN_SHARE x its rows when last
  analyzed) since, it is analyzed right after that unit commits.
- PostgreSQL: every OPTIMIZE_EVERY seconds, the tables changed past the same threshold since
  their last analysis by rows the service never counted (a restore, a bulk load by hand) are
  analyzed too (pg_stat_user_tables), whatever autovacuum does.

The hot statements do not rely on this: they are written so an index drives them whatever the
statistics (search.py's CrossJoin, the list's INDEXED BY); statistics keep the rest good.
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Awaitable, Callable, Mapping
from typing import TYPE_CHECKING

from service.domain.storage_errors import StorageBusy, StorageError

if TYPE_CHECKING:
    from storage.sql.driver.postgres import PgDriver
    from storage.sql.driver.sqlite import SqliteDriver

log = logging.getLogger("countersign.statistics")

GROWN_ROWS = 1000
"""Rows written in batches to one table before it may be analyzed again."""
GROWN_SHARE = 0.2
"""Share of a table's rows (as last analyzed) written since, after which it is analyzed again."""
ANALYSIS_LIMIT = 400
"""SQLite: rows of each index an ANALYZE samples (`PRAGMA analysis_limit`), so analyzing a
table of a million rows takes milliseconds; SQLite's documentation suggests 100 to 1000."""
OPTIMIZE_EVERY = 3600.0
"""Seconds between two periodic looks (SQLite's `PRAGMA optimize`, hourly as its documentation
suggests; PostgreSQL's stale tables)."""
STALE_TABLES = (
    "SELECT relname FROM pg_stat_user_tables WHERE schemaname = current_schema()"
    " AND n_mod_since_analyze >= GREATEST($1, $2 * n_live_tup)"
)
"""PostgreSQL: the tables changed past the threshold since their last analysis, by anyone."""
OPEN_PRAGMAS = (f"PRAGMA analysis_limit={ANALYSIS_LIMIT}", "PRAGMA optimize=0x10002")
"""Run on each new SQLite connection: 0x10002 checks every table (SQLite 3.46 and later; an
older SQLite takes it as a plain optimize, which analyzes what this connection's queries used)."""

_NAME = re.compile(r"^[a-z_][a-z0-9_]*$")


def plain_name(table: str) -> bool:
    """A table name that may be written into SQL text as it is (all of ours are)."""
    return bool(_NAME.match(table))


class Growth:
    """Rows each table gained from batch writes since this process last analyzed it."""

    def __init__(
        self,
        analyze: Callable[[str], Awaitable[int]],
        optimize: Callable[[], Awaitable[None]] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._analyze = analyze
        """ANALYZE one table; returns its row count as the statistics now say."""
        self._optimize = optimize
        """The periodic look at every table's statistics (Store._optimize)."""
        self._clock = clock
        self.written: dict[str, int] = {}
        self.rows: dict[str, int] = {}
        """Each table's row count when this process last analyzed it."""
        self.optimized_at = clock()

    def due(self) -> list[str]:
        """The tables grown enough since their last analysis to be analyzed again."""
        return [
            table
            for table, written in self.written.items()
            if written >= max(GROWN_ROWS, GROWN_SHARE * self.rows.get(table, 0))
        ]

    async def wrote(self, written: Mapping[str, int]) -> list[str]:
        """Count a committed unit's batch writes; analyze the tables they made due. Returns
        the tables analyzed."""
        for table, count in written.items():
            self.written[table] = self.written.get(table, 0) + count
        analyzed = []
        for table in self.due():
            if not plain_name(table):  # our own table names only ever reach the SQL text
                continue
            self.written[table] = 0  # a unit committing meanwhile starts a new count
            try:
                self.rows[table] = await self._analyze(table)
            except (
                StorageError,
                StorageBusy,
            ) as exc:  # the unit committed: its caller must not see this
                log.warning("could not analyze %s: %s", table, exc)
                continue
            analyzed.append(table)
        return analyzed

    async def committed(self, written: Mapping[str, int] | None) -> None:
        """After a write unit commits: its batch writes counted, and SQLite's periodic
        optimize run when due (the next one is due OPTIMIZE_EVERY later)."""
        if written:
            await self.wrote(written)
        if self._optimize is not None and self._clock() - self.optimized_at >= OPTIMIZE_EVERY:
            self.optimized_at = self._clock()
            try:
                await self._optimize()
            except (StorageError, StorageBusy) as exc:  # as above; the next one is an hour away
                log.warning("PRAGMA optimize failed: %s", exc)


async def analyze(driver: SqliteDriver | PgDriver, table: str) -> int:
    """ANALYZE `table` (a name of ours): its row count as the new statistics say."""
    if driver.planner.dialect.name == "sqlite":
        async with driver.transaction() as conn:
            with conn.long_statements():
                await conn.exec_driver_sql(f"ANALYZE {table}")
                found = await conn.exec_driver_sql(
                    "SELECT stat FROM sqlite_stat1 WHERE tbl = ? LIMIT 1", (table,)
                )
        stat = found.scalar()
        return int(str(stat).split()[0]) if stat else 0
    async with driver.single_statement() as conn:
        await conn.exec_driver_sql(f"ANALYZE {table}")
        found = await conn.exec_driver_sql(
            "SELECT reltuples::bigint FROM pg_class WHERE oid = to_regclass($1)", (table,)
        )
    return max(int(found.scalar() or 0), 0)


async def optimize(driver: SqliteDriver | PgDriver, growth: Growth) -> None:
    """The periodic look at every table's statistics. SQLite: `PRAGMA optimize`, sampled
    (ANALYSIS_LIMIT). PostgreSQL: ANALYZE of each table changed by more rows since its last
    analysis (ours or autovacuum's) than a batch write's threshold, rows the service never
    counted (a restore, a bulk load); `growth` learns their new sizes."""
    if driver.planner.dialect.name == "sqlite":
        async with driver.transaction() as conn:
            with conn.long_statements():
                await conn.exec_driver_sql("PRAGMA optimize")
        return
    async with driver.reading() as conn:
        stale = await conn.exec_driver_sql(STALE_TABLES, (GROWN_ROWS, GROWN_SHARE))
    for (table,) in stale.all():
        if plain_name(str(table)):
            growth.rows[str(table)] = await analyze(driver, str(table))
