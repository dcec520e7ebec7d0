"""each creator's people: assignments, shifts, routing and escalation

- `members.account_ids`: the accounts a `member` is assigned to (JSON list; null: all, which
  every member made before keeps).
- `members.shift` (`on` | `off` | `schedule`) and `members.schedule` (a weekly schedule in the
  member's time zone): who is on shift hears about new actions.
- `actions.escalate_at`: when a still-pending action is escalated (its policy rule's
  `escalateAfterMinutes`; null: never), `actions.escalated_at` when it was, and
  `actions.routed_to`, who its creation was announced to.
- `ix_actions_escalate` (escalate_at, id), partial on `status = 'pending'`: the escalator seeks
  the pending actions due without reading the others (the finished ones, nearly all rows, cost
  nothing here); an escalated action leaves it (its `escalate_at` is cleared).

ADD COLUMN with defaults and an index over the few pending rows: quick on a populated
database. `downgrade` drops them.

Revision ID: a33people
Revises: a29usesbynumber
Create Date: 2026-12-07 12:00:00
"""

import sqlalchemy as sa
from alembic import op

from storage.sql.driver.types import Json, UtcMicros

revision = "a33people"
down_revision = "a29usesbynumber"
branch_labels = None
depends_on = None

PENDING_CONDITION = "status = 'pending'"


def upgrade() -> None:
    op.add_column("members", sa.Column("account_ids", Json(), nullable=True))
    op.add_column("members", sa.Column("shift", sa.String(10), nullable=False, server_default="on"))
    op.add_column("members", sa.Column("schedule", Json(), nullable=True))
    op.add_column("actions", sa.Column("escalate_at", UtcMicros(), nullable=True))
    op.add_column("actions", sa.Column("escalated_at", UtcMicros(), nullable=True))
    op.add_column("actions", sa.Column("routed_to", Json(), nullable=True))
    op.create_index(
        "ix_actions_escalate",
        "actions",
        ["escalate_at", "id"],
        sqlite_where=sa.text(PENDING_CONDITION),
        postgresql_where=sa.text(PENDING_CONDITION),
    )


def downgrade() -> None:
    op.drop_index("ix_actions_escalate", table_name="actions")
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("routed_to")
        batch.drop_column("escalated_at")
        batch.drop_column("escalate_at")
    with op.batch_alter_table("members") as batch:
        batch.drop_column("schedule")
        batch.drop_column("shift")
        batch.drop_column("account_ids")
