"""short searches' indexes key each fan by the first two characters, then its id

A two-character fans search matches the start of the username or the name. Indexed on the whole
lowered column, its matches come in name order: every match of the account was sorted to find
the page (about 3,000 at 1M fans), and on PostgreSQL, where the index has no visible-row map
until a vacuum, each match's row was read too; the planner walked the account in id order
instead (9,000 rows). Keyed by the lowered column's first two characters, then the id, a
two-character term is an equality and its matches come in id order: the page is the first
rows of each index, merged. A one-character term reads a range of the same index.

Runs on a populated database: CREATE INDEX reads each fan once (about 2 s per million fans on
either database), run by `countersign migrate` while the service is stopped. `downgrade` puts
back the indexes on the whole column.

Revision ID: a42search
Revises: a40plans
Create Date: 2026-12-07 18:00:00
"""

from alembic import op

revision = "a42search"
down_revision = "a40plans"
branch_labels = None
depends_on = None

PREFIX_INDEXES = (("ix_fans_prefix_username", "username"), ("ix_fans_prefix_name", "name"))


def _create(start: bool) -> None:
    ops = "" if op.get_bind().dialect.name == "sqlite" else " text_pattern_ops"
    for index, column in PREFIX_INDEXES:
        key = f"substr(lower({column}), 1, 2)" if start else f"lower({column})"
        op.execute(f"DROP INDEX IF EXISTS {index}")
        op.execute(f"CREATE INDEX {index} ON fans (workspace_id, account_id, {key}{ops}, id)")


def upgrade() -> None:
    _create(start=True)


def downgrade() -> None:
    _create(start=False)
