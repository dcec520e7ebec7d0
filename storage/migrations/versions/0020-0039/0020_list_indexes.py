"""list indexes: every list filter seeks an index instead of walking rows outside its answer

- `ix_actions_status_list` (workspace_id, mode, status, created_at, id): the actions list by
  status (`?status=failed` walked the workspace's whole list and kept one row in many).
- `ix_actions_account_status_list`: the same within one account (`?accountId=…&status=…`).
- `ix_actions_inbox` and `ix_actions_account_inbox` (workspace_id, mode, [account_id,]
  expires_at, id), partial on the open statuses like `ix_actions_open`: the approval inbox
  (pending, the soonest to expire first) read one workspace's open actions, where
  `ix_actions_open` (status, expires_at) holds every workspace's.
- `ix_transactions_fan` (workspace_id, account_id, fan_id, seq): one fan's spend (the fan
  endpoint and every `send_message` approval page) read every transaction of the account.

Runs on a populated database (CREATE INDEX), by `countersign migrate` while the service is
stopped. `downgrade` drops them.

Revision ID: a20listidx
Revises: a19search
Create Date: 2026-11-27 04:00:00
"""

import sqlalchemy as sa
from alembic import op

revision = "a20listidx"
down_revision = "a19search"
branch_labels = None
depends_on = None

OPEN_CONDITION = "status IN ('pending', 'approved', 'executing')"

INDEXES = (
    ("ix_actions_status_list", "actions", ["workspace_id", "mode", "status", "created_at", "id"]),
    (
        "ix_actions_account_status_list",
        "actions",
        ["workspace_id", "mode", "account_id", "status", "created_at", "id"],
    ),
    ("ix_transactions_fan", "transactions", ["workspace_id", "account_id", "fan_id", "seq"]),
)
OPEN_INDEXES = (
    ("ix_actions_inbox", ["workspace_id", "mode", "expires_at", "id"]),
    ("ix_actions_account_inbox", ["workspace_id", "mode", "account_id", "expires_at", "id"]),
)


def upgrade() -> None:
    for name, table, columns in INDEXES:
        op.create_index(name, table, columns)
    for name, columns in OPEN_INDEXES:
        op.create_index(
            name,
            "actions",
            columns,
            sqlite_where=sa.text(OPEN_CONDITION),
            postgresql_where=sa.text(OPEN_CONDITION),
        )


def downgrade() -> None:
    for name, _columns in OPEN_INDEXES:
        op.drop_index(name, table_name="actions")
    for name, table, _columns in INDEXES:
        op.drop_index(name, table_name=table)
