"""patience with the platform: an approved action's retry schedule

- `actions.execution_attempts`: sends the platform surely never received (0: never retried).
- `actions.last_error`: the last such refusal, `{code, message}`.
- `actions.next_attempt_at`: not claimed before then (null: due now).
- `actions.retrying_since`: the first refusal; the patience is counted from it.

Revision ID: a22e0015pati
Revises: a21b0014poli
Create Date: 2026-11-25 10:50:00
"""

import sqlalchemy as sa
from alembic import op

from storage.sql.driver.types import Json, UtcDateTime

revision = "a22e0015pati"
down_revision = "a21b0014poli"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("actions", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("execution_attempts", sa.Integer(), nullable=False, server_default="0")
        )
        batch_op.add_column(sa.Column("last_error", Json(), nullable=True))
        batch_op.add_column(sa.Column("next_attempt_at", UtcDateTime(), nullable=True))
        batch_op.add_column(sa.Column("retrying_since", UtcDateTime(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("actions", schema=None) as batch_op:
        for name in ("retrying_since", "next_attempt_at", "last_error", "execution_attempts"):
            batch_op.drop_column(name)
