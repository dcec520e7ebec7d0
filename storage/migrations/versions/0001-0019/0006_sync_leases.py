"""sync leases on accounts; revenue sequences per workspace

Accounts gain the syncer's lease (`sync_claimed_by`, `sync_lease_until`): a worker claims an
account with a conditional write, so N workers sync each account once per interval.

Transactions are numbered per workspace (primary key `(workspace_id, seq)`, counter rows
`transactions:{workspace_id}` starting at each workspace's highest number), so writers of
different workspaces never wait on one counter row; the `(workspace_id, seq)` feed index is the
primary key now.

Revision ID: b6d00d1e0006
Revises: 7e1f0c3a9b21
Create Date: 2026-11-24 10:00:00
"""

import sqlalchemy as sa
from alembic import op

import storage.sql.driver.types

revision = "b6d00d1e0006"
down_revision = "b5a1e0c0de05"
branch_labels = None
depends_on = None

counters = sa.table("counters", sa.column("name", sa.String), sa.column("value", sa.BigInteger))
transactions = sa.table(
    "transactions", sa.column("workspace_id", sa.String), sa.column("seq", sa.BigInteger)
)


def upgrade() -> None:
    with op.batch_alter_table("accounts", schema=None) as batch_op:
        batch_op.add_column(sa.Column("sync_claimed_by", sa.String(length=64), nullable=True))
        batch_op.add_column(
            sa.Column(
                "sync_lease_until",
                storage.sql.driver.types.UtcDateTime(timezone=True),
                nullable=True,
            )
        )
    with op.batch_alter_table("counters", schema=None) as batch_op:
        batch_op.alter_column(
            "name",
            existing_type=sa.String(length=40),
            type_=sa.String(length=80),
            existing_nullable=False,
        )
    with op.batch_alter_table("transactions", schema=None) as batch_op:
        batch_op.drop_index("ix_transactions_feed")
        batch_op.drop_constraint("pk_transactions", type_="primary")
        batch_op.create_primary_key("pk_transactions", ["workspace_id", "seq"])
    highest = sa.select(transactions.c.workspace_id, sa.func.max(transactions.c.seq)).group_by(
        transactions.c.workspace_id
    )
    for workspace_id, seq in op.get_bind().execute(highest).all():
        op.execute(counters.insert().values(name=f"transactions:{workspace_id}", value=seq))
    op.execute(counters.delete().where(counters.c.name == "transactions"))


def downgrade() -> None:
    bind = op.get_bind()
    if bind.execute(sa.select(sa.func.count()).select_from(transactions)).scalar():
        raise RuntimeError(
            "transactions are numbered per workspace now; renumbering them into "
            "one sequence is not supported"
        )
    op.execute(counters.delete().where(counters.c.name.like("transactions:%")))
    with op.batch_alter_table("transactions", schema=None) as batch_op:
        batch_op.drop_constraint("pk_transactions", type_="primary")
        batch_op.create_primary_key("pk_transactions", ["seq"])
        batch_op.create_index("ix_transactions_feed", ["workspace_id", "seq"], unique=False)
    with op.batch_alter_table("counters", schema=None) as batch_op:
        batch_op.alter_column(
            "name",
            existing_type=sa.String(length=80),
            type_=sa.String(length=40),
            existing_nullable=False,
        )
    with op.batch_alter_table("accounts", schema=None) as batch_op:
        batch_op.drop_column("sync_lease_until")
        batch_op.drop_column("sync_claimed_by")
