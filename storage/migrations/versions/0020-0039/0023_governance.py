"""governing writes: each action an approval allowance approved

- `policy_limits`: the daily limits of a policy (`limits: [{types, perDay}]`), an account's own
  (`account_id` its id) or the workspace default (`account_id` ''); tables of their own rather
  than columns of `accounts` and `workspaces`, whose rows and statements stay as they are.
- `allowance_uses`: one row per action an `approvals: 0` policy rule approved when it was
  created (its key, the account, the time), written in the same transaction. Counting one
  account's use of an allowance over the last 24 hours reads `ix_allowance_uses` alone. A table
  of its own rather than a column of `actions`: the action rows and the statements that write
  them stay as they are.

Revision ID: a23govern
Revises: a21hardening
Create Date: 2026-11-27 04:00:00
"""

import sqlalchemy as sa
from alembic import op

from storage.sql.driver.types import Json, UtcMicros

revision = "a23govern"
down_revision = "a21hardening"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "policy_limits",
        sa.Column("workspace_id", sa.String(40), primary_key=True),
        sa.Column("account_id", sa.String(64), primary_key=True),
        sa.Column("limits", Json(), nullable=False),
    )
    op.create_table(
        "allowance_uses",
        sa.Column("action_id", sa.String(40), primary_key=True),
        sa.Column("workspace_id", sa.String(40), nullable=False),
        sa.Column("account_id", sa.String(64), nullable=False),
        sa.Column("allowance", sa.String(16), nullable=False),
        sa.Column("created_at", UtcMicros(), nullable=False),
    )
    op.create_index(
        "ix_allowance_uses",
        "allowance_uses",
        ["workspace_id", "account_id", "allowance", "created_at"],
    )


def downgrade() -> None:
    op.drop_index("ix_allowance_uses", table_name="allowance_uses")
    op.drop_table("allowance_uses")
    op.drop_table("policy_limits")
