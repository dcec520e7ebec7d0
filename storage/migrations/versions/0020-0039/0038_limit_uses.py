"""limits without a lock: numbered creations under a daily limit, and the limit's own index

- `limit_uses` (workspace_id, account_id, seq; primary key on all three): each creation under a
  daily limit on PostgreSQL takes the account's next number in the statement that counts the
  limit and writes the action, so two creations that counted the same window collide on the
  number and one of them counts again. The account's row is no longer locked.
- `ix_actions_account_type` (workspace_id, mode, account_id, type, created_at, status): a
  limit's window is the account's actions of the limit's types (one seek per type), instead
  of every action the account made in the window.

Starts with no numbers: the first creation under a limit takes 1. The index is built over the
existing rows, by `countersign migrate` while the service is stopped. `downgrade` drops both.

Revision ID: a38limits
Revises: a37amounts
Create Date: 2026-12-07 14:30:00
"""

import sqlalchemy as sa
from alembic import op

from storage.sql.driver.types import UtcMicros

revision = "a38limits"
down_revision = "a37amounts"
branch_labels = None
depends_on = None

BY_TYPE = ["workspace_id", "mode", "account_id", "type", "created_at", "status"]


def upgrade() -> None:
    op.create_table(
        "limit_uses",
        sa.Column("workspace_id", sa.String(40), nullable=False),
        sa.Column("account_id", sa.String(64), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("created_at", UtcMicros(), nullable=False),
        sa.PrimaryKeyConstraint("workspace_id", "account_id", "seq", name="pk_limit_uses"),
    )
    op.create_index("ix_actions_account_type", "actions", BY_TYPE)


def downgrade() -> None:
    op.drop_index("ix_actions_account_type", table_name="actions")
    op.drop_table("limit_uses")
