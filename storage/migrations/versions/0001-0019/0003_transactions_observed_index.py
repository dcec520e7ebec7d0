"""transactions: index on observed time, so a `since` pull finds its start without a scan

Revision ID: 7e1f0c3a9b21
Revises: 5bc3a5ac2bc6
Create Date: 2026-11-22 10:05:00
"""

from alembic import op

revision = "7e1f0c3a9b21"
down_revision = "5bc3a5ac2bc6"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("transactions", schema=None) as batch_op:
        batch_op.create_index(
            "ix_transactions_observed", ["workspace_id", "observed_at", "seq"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("transactions", schema=None) as batch_op:
        batch_op.drop_index("ix_transactions_observed")
