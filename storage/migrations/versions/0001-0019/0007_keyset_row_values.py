"""row-value keyset for the actions list

Listing actions pages on the row value `(created_at, id) < (:at, :id)`, which both databases
seek with an index ending in `(created_at, id)`. `ix_actions_list` serves the workspace list; this
revision adds `ix_actions_account_list` for the per-account list (`?accountId=`), so that filter
pages at a constant cost too instead of filtering the workspace index row by row.

Revision ID: c7ee5e70007a
Revises: b6d00d1e0006
Create Date: 2026-11-22 23:00:00
"""

from alembic import op

revision = "c7ee5e70007a"
down_revision = "b6d00d1e0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("actions", schema=None) as batch_op:
        batch_op.create_index(
            "ix_actions_account_list",
            ["workspace_id", "mode", "account_id", "created_at", "id"],
            unique=False,
        )


def downgrade() -> None:
    with op.batch_alter_table("actions", schema=None) as batch_op:
        batch_op.drop_index("ix_actions_account_list")
