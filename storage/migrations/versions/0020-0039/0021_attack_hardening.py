"""links count their sign-in attempts in a column of their own

A hosted link allows five wrong sign-in attempts. The count lived in the link's JSON `state`,
read before the platform call and written back after it, so parallel guesses overwrote each
other's count and every one of them reached the platform. From this revision `links.attempts`
is an integer that the page raises with one conditional write (`attempts < 5`) before it calls
the platform, so no more calls than the limit can ever be made whatever the concurrency.

The counts kept in `state` are copied over (links live 24 hours, so there are few). And the
`link.failed` events stored before lose their `url`: its token is the creator's credential,
which the service keeps only as its SHA-256 (new events never carry it).
`downgrade` drops the column (the code before this revision reads the count from `state`).

Revision ID: a21hardening
Revises: a20listidx
Create Date: 2026-11-27 03:30:00
"""

import json

import sqlalchemy as sa
from alembic import op

revision = "a21hardening"
down_revision = "a20listidx"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("links", sa.Column("attempts", sa.Integer(), nullable=False, server_default="0"))
    bind = op.get_bind()
    rows = bind.execute(
        sa.text("SELECT id, state FROM links WHERE status IN ('waiting', 'in_progress')")
    ).all()
    for link_id, state in rows:
        parsed = json.loads(state) if isinstance(state, str) else state
        attempts = int((parsed or {}).get("attempts", 0))
        if attempts:
            bind.execute(
                sa.text("UPDATE links SET attempts = :n WHERE id = :id"),
                {"n": attempts, "id": link_id},
            )

    events = bind.execute(sa.text("SELECT id, data FROM events WHERE type = 'link.failed'")).all()
    cast = "CAST(:data AS jsonb)" if bind.dialect.name == "postgresql" else ":data"
    for event_id, data in events:
        parsed = json.loads(data) if isinstance(data, str) else data
        if isinstance(parsed, dict) and "url" in parsed:
            parsed.pop("url")
            bind.execute(
                sa.text(f"UPDATE events SET data = {cast} WHERE id = :id"),
                {"data": json.dumps(parsed), "id": event_id},
            )


def downgrade() -> None:
    with op.batch_alter_table("links") as batch:
        batch.drop_column("attempts")
