"""retention indexes and worker heartbeats

Pruning finds the oldest deliveries and events by `created_at` (and keeps an event while any
delivery still refers to it, through 0008's `ix_deliveries_event_id`). `worker_heartbeats` holds one row per
process running the background loops, so `/healthz` on any replica sees whether workers run.

SQLite's switch to incremental auto-vacuum needs a VACUUM, which cannot run inside alembic's
transaction: `SqlStore.migrate` does it after this revision (storage/sql/driver/vacuum.py).

Revision ID: a22b0000ops9
Revises: d8a22e0b0008
Create Date: 2026-11-25 09:00:00
"""

import sqlalchemy as sa
from alembic import op

import storage.sql.driver.types

revision = "a22b0000ops9"
down_revision = "d8a22e0b0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("events", schema=None) as batch_op:
        batch_op.create_index("ix_events_created_at", ["created_at"], unique=False)
    with op.batch_alter_table("deliveries", schema=None) as batch_op:
        batch_op.create_index("ix_deliveries_created_at", ["created_at"], unique=False)
    op.create_table(
        "worker_heartbeats",
        sa.Column("id", sa.String(length=80), nullable=False),
        sa.Column("host", sa.String(length=200), nullable=False),
        sa.Column("pid", sa.Integer(), nullable=False),
        sa.Column(
            "started_at", storage.sql.driver.types.UtcDateTime(timezone=True), nullable=False
        ),
        sa.Column("beat_at", storage.sql.driver.types.UtcDateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_worker_heartbeats")),
    )


def downgrade() -> None:
    op.drop_table("worker_heartbeats")
    with op.batch_alter_table("deliveries", schema=None) as batch_op:
        batch_op.drop_index("ix_deliveries_created_at")
    with op.batch_alter_table("events", schema=None) as batch_op:
        batch_op.drop_index("ix_events_created_at")
