"""smaller rows kept for ever: JSON `null` becomes SQL NULL, SQLite's JSON compact

Actions and audit entries are never pruned (idempotency keys never expire), so every
byte of theirs is paid for ever. From this revision on, Python None in a JSON column is stored as
SQL NULL (it was the 4-byte text `null`) and JSON is written without whitespace. This revision
rewrites what was stored before the same way; nothing reads differently (SQL NULL and JSON `null`
both read as None, and whitespace is not part of a JSON value).

- Every nullable JSON column, on both databases: `null` → NULL.
- `actions.requested_by` loses its null `client` and `tool` (read back as null: RequestedBy).
- SQLite only, actions and audit_log: JSON text minified with SQLite's `json()` (PostgreSQL's
  JSONB keeps no whitespace). Other tables' rows are pruned or rewritten in time.

Data only: the schema does not change. One UPDATE per table, run by `countersign migrate` while
the service is stopped (about a second per 100,000 actions on SQLite).

Revision ID: a22g0016cmpt
Revises: a22e0015pati
Create Date: 2026-11-25 12:10:00
"""

from alembic import op

revision = "a22g0016cmpt"
down_revision = "a22e0015pati"
branch_labels = None
depends_on = None

NULLABLE_JSON = {
    "mail_preferences": ("accounts",),
    "sync_state": ("signature",),
    "workspaces": ("policy",),
    "accounts": ("subscription_price", "fan_lists", "media_ids", "policy"),
    "actions": (
        "price",
        "decided_by",
        "result",
        "error",
        "requested_params",
        "edited_by",
        "last_error",
    ),
    "api_keys": ("account_ids",),
    "webhook_endpoints": ("event_types",),
}
COMPACTED = {
    "actions": (
        "params",
        "price",
        "requested_by",
        "decided_by",
        "result",
        "error",
        "warnings",
        "approvals",
        "requested_params",
        "edited_by",
        "last_error",
    ),
    "audit_log": ("actor", "details"),
}


def upgrade() -> None:
    sqlite = op.get_bind().dialect.name == "sqlite"
    null = "'null'" if sqlite else "'null'::jsonb"
    for table, columns in NULLABLE_JSON.items():
        changes = ", ".join(f"{c} = CASE WHEN {c} = {null} THEN NULL ELSE {c} END" for c in columns)
        matches = " OR ".join(f"{c} = {null}" for c in columns)
        op.execute(f"UPDATE {table} SET {changes} WHERE {matches}")
    for key in ("client", "tool"):
        if sqlite:
            op.execute(
                f"UPDATE actions SET requested_by = json_remove(requested_by, '$.{key}')"
                f" WHERE json_type(requested_by, '$.{key}') = 'null'"
            )
        else:
            op.execute(
                f"UPDATE actions SET requested_by = requested_by - '{key}'"
                f" WHERE requested_by -> '{key}' = 'null'::jsonb"
            )
    if sqlite:
        for table, columns in COMPACTED.items():
            op.execute(f"UPDATE {table} SET {', '.join(f'{c} = json({c})' for c in columns)}")


def downgrade() -> None:
    """Nothing to undo: the code before this revision reads SQL NULL and compact JSON alike."""
