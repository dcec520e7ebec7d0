"""webhooks by mode, due-deliveries index, link tokens stored only as hashes

- `events.mode` and `webhook_endpoints.mode` (`live` | `test`): test activity is delivered only
  to test endpoints. Existing endpoints are live; existing events take their account's mode, and
  `link.failed` events their link's mode (events of neither kind are live).
- `links.token` becomes `links.token_hash` (SHA-256 of the token, the lookup key): existing
  tokens are hashed here, so links already sent keep working.
- `ix_deliveries_order` backs the due query's `NOT EXISTS` on an earlier pending delivery with
  the same ordering key.

Webhook signing secrets and 2FA challenge ids are sealed with the service's secret key, which a
migration does not have: the service re-seals rows still in plaintext when it starts.

Revision ID: b5a1e0c0de05
Revises: 7e1f0c3a9b21
Create Date: 2026-11-24 09:00:00
"""

import hashlib
import json

import sqlalchemy as sa
from alembic import op

revision = "b5a1e0c0de05"
down_revision = "a8000000e008"
branch_labels = None
depends_on = None


def _data(value):
    return json.loads(value) if isinstance(value, str) else (value or {})


def _backfill_event_modes(conn) -> None:
    conn.execute(
        sa.text(
            "UPDATE events SET mode = 'test' WHERE account_id IS NOT NULL AND EXISTS ("
            "SELECT 1 FROM accounts a WHERE a.workspace_id = events.workspace_id "
            "AND a.id = events.account_id AND a.mode = 'test')"
        )
    )
    test_links = {
        row.id for row in conn.execute(sa.text("SELECT id FROM links WHERE mode = 'test'"))
    }
    failed = conn.execute(sa.text("SELECT seq, data FROM events WHERE type = 'link.failed'")).all()
    for row in failed:
        if _data(row.data).get("id") in test_links:
            conn.execute(
                sa.text("UPDATE events SET mode = 'test' WHERE seq = :seq"), {"seq": row.seq}
            )


def upgrade() -> None:
    conn = op.get_bind()
    with op.batch_alter_table("events", schema=None) as batch_op:
        batch_op.add_column(sa.Column("mode", sa.String(length=4), nullable=True))
    conn.execute(sa.text("UPDATE events SET mode = 'live'"))
    _backfill_event_modes(conn)
    with op.batch_alter_table("events", schema=None) as batch_op:
        batch_op.alter_column("mode", existing_type=sa.String(length=4), nullable=False)

    with op.batch_alter_table("webhook_endpoints", schema=None) as batch_op:
        batch_op.add_column(sa.Column("mode", sa.String(length=4), nullable=True))
    conn.execute(sa.text("UPDATE webhook_endpoints SET mode = 'live'"))
    with op.batch_alter_table("webhook_endpoints", schema=None) as batch_op:
        batch_op.alter_column("mode", existing_type=sa.String(length=4), nullable=False)

    with op.batch_alter_table("links", schema=None) as batch_op:
        batch_op.add_column(sa.Column("token_hash", sa.String(length=64), nullable=True))
    for row in conn.execute(sa.text("SELECT id, token FROM links")).all():
        conn.execute(
            sa.text("UPDATE links SET token_hash = :hash WHERE id = :id"),
            {"hash": hashlib.sha256(row.token.encode()).hexdigest(), "id": row.id},
        )
    with op.batch_alter_table("links", schema=None) as batch_op:
        batch_op.alter_column("token_hash", existing_type=sa.String(length=64), nullable=False)
        batch_op.create_unique_constraint(batch_op.f("uq_links_token_hash"), ["token_hash"])
        batch_op.drop_constraint("uq_links_token", type_="unique")
        batch_op.drop_column("token")

    with op.batch_alter_table("deliveries", schema=None) as batch_op:
        batch_op.create_index(
            "ix_deliveries_order", ["ordering_key", "status", "seq"], unique=False
        )


def downgrade() -> None:
    # Tokens cannot be recovered from their hashes: links open at the downgrade stop working.
    with op.batch_alter_table("deliveries", schema=None) as batch_op:
        batch_op.drop_index("ix_deliveries_order")
    with op.batch_alter_table("links", schema=None) as batch_op:
        batch_op.add_column(sa.Column("token", sa.String(length=64), nullable=True))
    op.get_bind().execute(sa.text("UPDATE links SET token = token_hash"))
    with op.batch_alter_table("links", schema=None) as batch_op:
        batch_op.alter_column("token", existing_type=sa.String(length=64), nullable=False)
        batch_op.create_unique_constraint(batch_op.f("uq_links_token"), ["token"])
        batch_op.drop_constraint("uq_links_token_hash", type_="unique")
        batch_op.drop_column("token_hash")
    with op.batch_alter_table("webhook_endpoints", schema=None) as batch_op:
        batch_op.drop_column("mode")
    with op.batch_alter_table("events", schema=None) as batch_op:
        batch_op.drop_column("mode")
