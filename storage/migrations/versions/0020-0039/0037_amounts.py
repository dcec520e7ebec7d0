"""amounts in the record: an action's price as a plain column in the per-account index

- `actions.price_cents` (integer, null: free): the price asked at creation (an edit that lowers
  `price` keeps it): what people were asked to approve.
- `ix_actions_account_list` built again with `price_cents` after its outcome columns: the
  policy suggestions count an account's last 30 days by type, price and outcome from this index
  alone (an "admins above a price" suggestion), without reading the rows. Widening the index
  the per-account list already keeps costs a creation no extra index write.

Runs on a populated database: `price_cents` is filled from what was asked (`requested_params`
of an edited action, else `price`), then the
index is built over the existing rows, by `countersign migrate` while the service is stopped.
`downgrade` drops them.

Revision ID: a37amounts
Revises: a35scale
Create Date: 2026-12-07 13:00:00
"""

import sqlalchemy as sa
from alembic import op

revision = "a37amounts"
down_revision = "a35scale"
branch_labels = None
depends_on = None

LIST = ["workspace_id", "mode", "account_id", "created_at", "id"]
OUTCOMES = ["type", "status", "approvals_required", "edited_at"]
AMOUNT = {
    "sqlite": "NULLIF(CAST(CASE WHEN requested_params IS NOT NULL"
    " THEN json_extract(requested_params, '$.priceCents')"
    " ELSE json_extract(price, '$.amount') END AS INTEGER), 0)",
    "postgresql": "NULLIF(CASE WHEN requested_params IS NOT NULL"
    " THEN (requested_params->>'priceCents')::integer"
    " ELSE (price->>'amount')::integer END, 0)",
}


def upgrade() -> None:
    op.add_column("actions", sa.Column("price_cents", sa.Integer(), nullable=True))
    amount = AMOUNT[op.get_bind().dialect.name]
    op.execute(
        f"UPDATE actions SET price_cents = {amount}"
        " WHERE price IS NOT NULL OR requested_params IS NOT NULL"
    )
    op.drop_index("ix_actions_account_list", table_name="actions")
    op.create_index("ix_actions_account_list", "actions", [*LIST, *OUTCOMES, "price_cents"])


def downgrade() -> None:
    op.drop_index("ix_actions_account_list", table_name="actions")
    op.create_index("ix_actions_account_list", "actions", [*LIST, *OUTCOMES])
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("price_cents")
