"""actions.warnings (found against synced data at creation); accounts' synced fan lists and media

Revision ID: a8000000e008
Revises: 7e1f0c3a9b21
Create Date: 2026-11-22 22:10:00
"""

import sqlalchemy as sa
from alembic import op

from storage.sql.driver.types import Json

revision = "a8000000e008"
down_revision = "7e1f0c3a9b21"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("actions", schema=None) as batch_op:
        batch_op.add_column(sa.Column("warnings", Json, nullable=False, server_default="[]"))
    with op.batch_alter_table("accounts", schema=None) as batch_op:
        batch_op.add_column(sa.Column("fan_lists", Json, nullable=True))
        batch_op.add_column(sa.Column("media_ids", Json, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("accounts", schema=None) as batch_op:
        batch_op.drop_column("media_ids")
        batch_op.drop_column("fan_lists")
    with op.batch_alter_table("actions", schema=None) as batch_op:
        batch_op.drop_column("warnings")
