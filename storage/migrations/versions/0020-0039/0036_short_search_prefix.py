"""short searches by prefix: B-tree indexes on fans' lower(username) and lower(name)

A fans search of one or two characters holds no trigram, so it read the account's fans in page
order checking each: 484–871 ms on SQLite and 245 ms on PostgreSQL at 1M fans when few match,
and people type two letters first. Such a term now matches the start of the username or the
name (docs/decisions.md), which a B-tree on `lower(column)` within the account finds: these
indexes, one per searched column. On PostgreSQL with `text_pattern_ops`, so `LIKE 'ab%'` seeks
them whatever the database's collation; SQLite's search reads them by range.

Runs on a populated database: CREATE INDEX reads each fan once (about 2 s per million fans on
either database), run by `countersign migrate` while the service is stopped. `downgrade` drops
them.

Revision ID: a35scale
Revises: a29usesbynumber
Create Date: 2026-12-07 12:00:00
"""

from alembic import op

revision = "a35scale"
down_revision = "a31chat"
branch_labels = None
depends_on = None

PREFIX_INDEXES = (("ix_fans_prefix_username", "username"), ("ix_fans_prefix_name", "name"))


def upgrade() -> None:
    ops = "" if op.get_bind().dialect.name == "sqlite" else " text_pattern_ops"
    for index, column in PREFIX_INDEXES:
        op.execute(f"CREATE INDEX {index} ON fans (workspace_id, account_id, lower({column}){ops})")


def downgrade() -> None:
    for index, _column in PREFIX_INDEXES:
        op.execute(f"DROP INDEX IF EXISTS {index}")
