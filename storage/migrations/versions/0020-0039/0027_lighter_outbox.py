"""the outbox keeps only the indexes something reads

Every event written (each creation, approval and execution writes one or two) pays for each
index on `events`. Two were read by nothing the service does on its own path:

- `ix_events_workspace_id`: no query reads events by workspace (workspaces are never deleted,
  so the foreign key needs no index either);
- `ix_events_created_at`: retention now ages an event from its dispatch, read from the
  dispatcher's `ix_events_undispatched (dispatched_at, seq)`.

Dropping an index rewrites nothing, so this is quick on a populated database. `downgrade`
creates both again.

Revision ID: a27outbox
Revises: a26searchmerge
Create Date: 2026-11-27 13:20:00
"""

from alembic import op

revision = "a27outbox"
down_revision = "a26searchmerge"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.drop_index("ix_events_workspace_id", table_name="events")
    op.drop_index("ix_events_created_at", table_name="events")


def downgrade() -> None:
    op.create_index("ix_events_created_at", "events", ["created_at"])
    op.create_index("ix_events_workspace_id", "events", ["workspace_id"])
