"""scheduled runs: an action may ask to run at a given time

- `actions.run_at`: when an approved action runs (null: as soon as it is approved). A
  scheduled action's `expires_at` is its `run_at`, so one still pending then expires.
- `ix_actions_due` (run_at, decided_at, id), partial on `status = 'approved'`: the executor's
  claim seeks the approved actions with no schedule (run_at null, oldest decision first) and
  the scheduled ones now due (run_at ≤ now), and the soonest schedule still ahead (its wake-up
  timer), without reading approved actions scheduled later. Partial, so the finished actions
  (nearly all rows, kept for ever) cost nothing here.

Runs on a populated database (ADD COLUMN, CREATE INDEX over the few approved rows), by
`countersign migrate` while the service is stopped. `downgrade` drops both.

Revision ID: a24schedule
Revises: a23govern
Create Date: 2026-11-27 04:45:00
"""

import sqlalchemy as sa
from alembic import op

from storage.sql.driver.types import UtcMicros

revision = "a24schedule"
down_revision = "a23govern"
branch_labels = None
depends_on = None

APPROVED_CONDITION = "status = 'approved'"


def upgrade() -> None:
    op.add_column("actions", sa.Column("run_at", UtcMicros(), nullable=True))
    op.create_index(
        "ix_actions_due",
        "actions",
        ["run_at", "decided_at", "id"],
        sqlite_where=sa.text(APPROVED_CONDITION),
        postgresql_where=sa.text(APPROVED_CONDITION),
    )


def downgrade() -> None:
    op.drop_index("ix_actions_due", table_name="actions")
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("run_at")
