"""webhook endpoints disable themselves after failing for days, or on 410 Gone

- `failing_since`: when the first failed attempt since the endpoint's last success was made
  (null while deliveries succeed).
- `auto_disabled_at` and `disabled_reason`: set when every delivery has failed for
  COUNTERSIGN_WEBHOOK_DISABLE_AFTER_DAYS, or the endpoint answered 410 Gone. Unlike
  `disabled_at` (removed by a person), an automatically disabled endpoint stays listed, with
  its reason, until an owner or admin enables it again.

Revision ID: e10a22b0d15a
Revises: a20b0000wait
Create Date: 2026-11-25 09:30:00
"""

import sqlalchemy as sa
from alembic import op

from storage.sql.driver.types import UtcDateTime

revision = "e10a22b0d15a"
down_revision = "a20b0000wait"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("webhook_endpoints", schema=None) as batch_op:
        batch_op.add_column(sa.Column("failing_since", UtcDateTime(), nullable=True))
        batch_op.add_column(sa.Column("auto_disabled_at", UtcDateTime(), nullable=True))
        batch_op.add_column(sa.Column("disabled_reason", sa.String(length=300), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("webhook_endpoints", schema=None) as batch_op:
        batch_op.drop_column("disabled_reason")
        batch_op.drop_column("auto_disabled_at")
        batch_op.drop_column("failing_since")
