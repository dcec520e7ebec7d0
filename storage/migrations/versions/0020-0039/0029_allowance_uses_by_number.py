"""allowance uses read by their numbers alone: `ix_allowance_uses` dropped

An allowance's check (room for one more use) probes `ix_allowance_uses_seq` for the use
`maxPerDay` places back from the newest. With a second index on the same account and allowance
by time, PostgreSQL planned that probe on the time index on a table without statistics (a new
database, or one that has not been analysed since its uses grew) and checked every use of the
day for its number: a read that grew with the day's uses on each creation. The day's count (the
Accounts page) reads the last numbers instead (storage/sql/repos/actions/counts.py says how many). One
index fewer is also one write fewer per creation an allowance approves.

Dropping an index rewrites nothing: quick on a populated database. `downgrade` creates it again.

Revision ID: a29usesbynumber
Revises: a28planned
Create Date: 2026-11-28 04:00:00
"""

from alembic import op

revision = "a29usesbynumber"
down_revision = "a28planned"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.drop_index("ix_allowance_uses", table_name="allowance_uses")


def downgrade() -> None:
    op.create_index(
        "ix_allowance_uses",
        "allowance_uses",
        ["workspace_id", "account_id", "allowance", "created_at"],
    )
