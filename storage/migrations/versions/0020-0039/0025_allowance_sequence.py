"""allowance uses numbered: an allowance is checked by one index probe, not a count

- `allowance_uses.seq`: each use of one allowance on one account is numbered 1, 2, 3, … in
  the order they were made (creations under one allowance are made one at a time: the account's
  row is locked, or SQLite's one writer holds the database). The allowance has room for one
  more exactly when the use `maxPerDay` places back from the newest is older than the window
  (or does not exist), so the check reads two index entries however many uses the day holds,
  where a count read every one of them (up to 10,000) on each creation.
- `ix_allowance_uses_seq` (workspace_id, account_id, allowance, seq), unique: the probe, and a
  guard that two uses never take one number.

Existing uses are numbered by (created_at, action_id). Runs on a populated database (the table
holds two days of uses; the hourly prune forgets older ones), by `countersign migrate` while the
service is stopped. `downgrade` drops both.

Revision ID: a25allowseq
Revises: a24schedule
Create Date: 2026-11-27 07:45:00
"""

import sqlalchemy as sa
from alembic import op

revision = "a25allowseq"
down_revision = "a24schedule"
branch_labels = None
depends_on = None

NUMBER_EXISTING = """
UPDATE allowance_uses SET seq = (
    SELECT count(*) FROM allowance_uses AS earlier
    WHERE earlier.workspace_id = allowance_uses.workspace_id
      AND earlier.account_id = allowance_uses.account_id
      AND earlier.allowance = allowance_uses.allowance
      AND (earlier.created_at < allowance_uses.created_at
           OR (earlier.created_at = allowance_uses.created_at
               AND earlier.action_id <= allowance_uses.action_id))
)
"""


def upgrade() -> None:
    op.add_column(
        "allowance_uses", sa.Column("seq", sa.Integer(), nullable=False, server_default="0")
    )
    op.execute(NUMBER_EXISTING)
    op.create_index(
        "ix_allowance_uses_seq",
        "allowance_uses",
        ["workspace_id", "account_id", "allowance", "seq"],
        unique=True,
    )


def downgrade() -> None:
    op.drop_index("ix_allowance_uses_seq", table_name="allowance_uses")
    with op.batch_alter_table("allowance_uses") as batch:
        batch.drop_column("seq")
