"""approval policies, quorum, edits before approval, asking again

- `workspaces.policy`, `accounts.policy`: the approval rules (a JSON list; null on an account
  means the workspace default, null on the workspace means no rules: one approval by anyone).
- `actions.approvals_required` and `actions.approvers`: the rule captured when the action was
  created; `approvals`: who approved so far (since the last edit); `revision`: bumped by every
  approval and edit, the condition of their conditional writes.
- `actions.requested_by_user`: the person who asked (internal: nobody approves their own).
- `actions.requested_params`, `edited_by`, `edited_at`: what was asked, when an approver edited it.
- `actions.replaces`, `replaced_by`: an action asked again, and the one that asked it again.

Revision ID: a21b0014poli
Revises: a18c5e0d0008
Create Date: 2026-11-25 09:55:00
"""

import sqlalchemy as sa
from alembic import op

from storage.sql.driver.types import Json, UtcDateTime

revision = "a21b0014poli"
down_revision = "a18c5e0d0008"
branch_labels = None
depends_on = None

_ACTION_COLUMNS = (
    "replaced_by",
    "replaces",
    "edited_at",
    "edited_by",
    "requested_params",
    "requested_by_user",
    "revision",
    "approvers",
    "approvals_required",
    "approvals",
)


def upgrade() -> None:
    with op.batch_alter_table("workspaces", schema=None) as batch_op:
        batch_op.add_column(sa.Column("policy", Json(), nullable=True))
    with op.batch_alter_table("accounts", schema=None) as batch_op:
        batch_op.add_column(sa.Column("policy", Json(), nullable=True))
    with op.batch_alter_table("actions", schema=None) as batch_op:
        batch_op.add_column(sa.Column("approvals", Json(), nullable=False, server_default="[]"))
        batch_op.add_column(
            sa.Column("approvals_required", sa.Integer(), nullable=False, server_default="1")
        )
        batch_op.add_column(
            sa.Column("approvers", sa.String(length=10), nullable=False, server_default="members")
        )
        batch_op.add_column(sa.Column("revision", sa.Integer(), nullable=False, server_default="0"))
        batch_op.add_column(sa.Column("requested_by_user", sa.String(length=40), nullable=True))
        batch_op.add_column(sa.Column("requested_params", Json(), nullable=True))
        batch_op.add_column(sa.Column("edited_by", Json(), nullable=True))
        batch_op.add_column(sa.Column("edited_at", UtcDateTime(), nullable=True))
        batch_op.add_column(sa.Column("replaces", sa.String(length=40), nullable=True))
        batch_op.add_column(sa.Column("replaced_by", sa.String(length=40), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("actions", schema=None) as batch_op:
        for name in _ACTION_COLUMNS:
            batch_op.drop_column(name)
    with op.batch_alter_table("accounts", schema=None) as batch_op:
        batch_op.drop_column("policy")
    with op.batch_alter_table("workspaces", schema=None) as batch_op:
        batch_op.drop_column("policy")
