"""autonomy earned from the record: what a shadow allowance would have done

- `actions.shadow` (JSON, null): `{wouldApprove, rule}` for an action a shadow allowance (a
  policy rule with `approvals: 0` and `shadow: true`) matched.
- `actions.shadow_key` (null): that allowance's key when it would have approved the action.
- `ix_actions_shadow` (workspace_id, mode, account_id, shadow_key, created_at), partial on
  `shadow_key IS NOT NULL`: a shadow's uses over the last day (its `maxPerDay`) and its record on
  the Activity page, without reading the accounts' other actions. Partial, so the actions no
  shadow rule matched (nearly all rows) cost nothing here.
- `ix_actions_account_list` built again with `type, status, approvals_required, edited_at`
  after its (workspace_id, mode, account_id, created_at, id): the policy suggestions count an
  account's last 30 days by type and outcome from this index alone, without reading the rows.
  Widening the index the per-account list already keeps costs a creation no extra index write,
  where a second index would; its keyset order is unchanged.

Runs on a populated database (ADD COLUMN without a default rewrites nothing; the indexes are
built over the existing rows), by `countersign migrate` while the service is stopped.
`downgrade` drops them.

Revision ID: a34autonomy
Revises: a29usesbynumber
Create Date: 2026-12-07 12:00:00
"""

import sqlalchemy as sa
from alembic import op

from storage.sql.driver.types import Json

revision = "a34autonomy"
down_revision = "a33people"
branch_labels = None
depends_on = None

SHADOW_CONDITION = "shadow_key IS NOT NULL"
LIST = ["workspace_id", "mode", "account_id", "created_at", "id"]
OUTCOMES = ["type", "status", "approvals_required", "edited_at"]


def upgrade() -> None:
    op.add_column("actions", sa.Column("shadow", Json(), nullable=True))
    op.add_column("actions", sa.Column("shadow_key", sa.String(16), nullable=True))
    op.create_index(
        "ix_actions_shadow",
        "actions",
        ["workspace_id", "mode", "account_id", "shadow_key", "created_at"],
        sqlite_where=sa.text(SHADOW_CONDITION),
        postgresql_where=sa.text(SHADOW_CONDITION),
    )
    op.drop_index("ix_actions_account_list", table_name="actions")
    op.create_index("ix_actions_account_list", "actions", [*LIST, *OUTCOMES])


def downgrade() -> None:
    op.drop_index("ix_actions_account_list", table_name="actions")
    op.create_index("ix_actions_account_list", "actions", LIST)
    op.drop_index("ix_actions_shadow", table_name="actions")
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("shadow_key")
        batch.drop_column("shadow")
