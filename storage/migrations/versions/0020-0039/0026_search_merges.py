"""search indexes merge two pieces of one size (SQLite)

FTS5 keeps each table's index as pieces (b-trees), one more for every transaction that wrote
rows, merged in the background only once four of one size pile up; a search probes every piece,
so after a sync's writes a one-match search read three times the pages it needs (0.26 against
0.08 ms at 200,000 fans). `usermerge` 2 lets the prune round's merge step (storage/sql/
repos/operations.py, `tidy_search`) join any two pieces of one size, a bounded number of pages
at a time. A configuration value FTS5 keeps in the table's `_config`: nothing is rewritten
here; the next prune round merges what is there. PostgreSQL: nothing (its GIN indexes are
tidied by the same step, `gin_clean_pending_list`). `downgrade` restores FTS5's default, 4.

Revision ID: a26searchmerge
Revises: a25allowseq
Create Date: 2026-11-27 10:40:00
"""

from alembic import op

revision = "a26searchmerge"
down_revision = "a25allowseq"
branch_labels = None
depends_on = None

FTS_TABLES = ("fans_search", "synced_messages_search")


def _usermerge(value: int) -> None:
    if op.get_bind().dialect.name != "sqlite":
        return
    for fts in FTS_TABLES:
        op.execute(f"INSERT INTO {fts}({fts}, rank) VALUES ('usermerge', {value})")


def upgrade() -> None:
    _usermerge(2)


def downgrade() -> None:
    _usermerge(4)
