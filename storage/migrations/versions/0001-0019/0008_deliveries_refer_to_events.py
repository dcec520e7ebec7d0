"""deliveries refer to their event; no per-account delivery order

- `deliveries.payload` is dropped: a delivery's body is built from its event (`event_id` →
  `events.id`), so an event sent to three endpoints is stored once, not four times. Test sends,
  which had no event row, get one here from the payload they carried (already dispatched).
- `deliveries.ordering_key` and `ix_deliveries_order` are dropped: each delivery keeps its own
  retry schedule, and no event waits behind another's retries. Receivers order by the envelope's
  `sequence`.
- `ix_deliveries_event` finds the deliveries of an event (retention: an event is kept while one
  of its deliveries is pending).

Revision ID: d8a22e0b0008
Revises: c7ee5e70007a
Create Date: 2026-11-25 09:20:00
"""

import json

import sqlalchemy as sa
from alembic import op

from storage.sql.driver.types import Json, UtcDateTime

revision = "d8a22e0b0008"
down_revision = "c7ee5e70007a"
branch_labels = None
depends_on = None

_events = sa.table(
    "events",
    sa.column("id", sa.String),
    sa.column("workspace_id", sa.String),
    sa.column("type", sa.String),
    sa.column("mode", sa.String),
    sa.column("account_id", sa.String),
    sa.column("data", Json),
    sa.column("created_at", UtcDateTime),
    sa.column("dispatched_at", UtcDateTime),
)


_deliveries = sa.table(
    "deliveries",
    sa.column("event_id", sa.String),
    sa.column("workspace_id", sa.String),
    sa.column("payload", sa.Text),
    sa.column("created_at", UtcDateTime),
)


def _events_for_test_sends(conn: sa.Connection) -> None:
    """Deliveries whose event has no row (test sends) get one, from the body they carried."""
    has_event = sa.exists().where(_events.c.id == _deliveries.c.event_id)
    orphans = conn.execute(sa.select(_deliveries).where(~has_event)).all()
    done: set[str] = set()
    for row in orphans:
        if row.event_id in done:
            continue
        done.add(row.event_id)
        body = json.loads(row.payload)
        conn.execute(
            _events.insert().values(
                id=row.event_id,
                workspace_id=row.workspace_id,
                type=body.get("type", "test"),
                mode=body.get("mode", "live"),
                account_id=None,
                data=body.get("data", {}),
                created_at=row.created_at,
                dispatched_at=row.created_at,
            )
        )


def upgrade() -> None:
    _events_for_test_sends(op.get_bind())
    with op.batch_alter_table("deliveries", schema=None) as batch_op:
        batch_op.drop_index("ix_deliveries_order")
        batch_op.drop_column("ordering_key")
        batch_op.drop_column("payload")
        batch_op.create_index(batch_op.f("ix_deliveries_event_id"), ["event_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("deliveries", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_deliveries_event_id"))
        batch_op.add_column(sa.Column("payload", sa.Text(), nullable=True))
        batch_op.add_column(sa.Column("ordering_key", sa.String(length=120), nullable=True))
    conn = op.get_bind()
    rows = conn.execute(
        sa.text(
            "SELECT d.id, e.id AS event_id, e.type, e.created_at, e.mode, e.data "
            "FROM deliveries d JOIN events e ON e.id = d.event_id"
        )
    ).all()
    for row in rows:
        data = json.loads(row.data) if isinstance(row.data, str) else row.data
        payload = json.dumps(
            {
                "id": row.event_id,
                "type": row.type,
                "createdAt": str(row.created_at),
                "mode": row.mode,
                "data": data,
            },
            separators=(",", ":"),
        )
        conn.execute(
            sa.text("UPDATE deliveries SET payload = :p WHERE id = :id"),
            {"p": payload, "id": row.id},
        )
    with op.batch_alter_table("deliveries", schema=None) as batch_op:
        batch_op.alter_column("payload", existing_type=sa.Text(), nullable=False)
        batch_op.create_index(
            "ix_deliveries_order", ["ordering_key", "status", "seq"], unique=False
        )
