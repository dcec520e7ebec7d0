"""notify action status changes (PostgreSQL)

Waiting clients (`GET /v1/actions/{id}?wait=N`, the MCP tool `wait_for_action`) are woken by
`pg_notify('countersign_action_states', id)` from a trigger on every status change, whoever
writes it, delivered when the writing transaction commits (storage/sql/driver/action_watch.py).
SQLite needs nothing: there each process learns of commits itself.

Revision ID: a20b0000wait
Revises: a22b0000ops9
Create Date: 2026-11-25 09:30:00
"""

from alembic import op

revision = "a20b0000wait"
down_revision = "a22b0000ops9"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if op.get_context().dialect.name != "postgresql":
        return
    op.execute(
        """
        CREATE FUNCTION countersign_action_state_changed() RETURNS trigger
        LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM pg_notify('countersign_action_states', NEW.id);
            RETURN NULL;
        END
        $$
        """
    )
    op.execute(
        """
        CREATE TRIGGER actions_state_changed
        AFTER UPDATE OF status ON actions
        FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
        EXECUTE FUNCTION countersign_action_state_changed()
        """
    )


def downgrade() -> None:
    if op.get_context().dialect.name != "postgresql":
        return
    op.execute("DROP TRIGGER actions_state_changed ON actions")
    op.execute("DROP FUNCTION countersign_action_state_changed()")
