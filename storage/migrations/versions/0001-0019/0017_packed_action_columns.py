"""smaller actions: SQLite packs words and times; the status index becomes partial

Actions are kept for ever (idempotency keys never expire). On SQLite, from this revision
on, an action's summary and its JSON columns of words the product writes (params, requestedBy,
warnings, result, error, decidedBy, approvals) are stored packed (storage/sql/driver/packing.py: one
format byte, raw deflate with a frozen dictionary per column, kept as text when that is not
shorter), the request fingerprint as its 32 bytes instead of 64 hex characters, and every time
(created, expires, decided, executed, …) as an integer of microseconds since 1970 (8 bytes
instead of 26 characters, in the row and in the indexes over them). Every value reads back
exactly as before: all three are lossless, and the readers take either form.

This revision rewrites the rows stored before the same way (SQLite only; PostgreSQL's rows do not
change: JSONB and text as before). `downgrade` unpacks them again, for the code before it.

The index on (status, expires_at) becomes partial, on both databases: `ix_actions_open` holds
only actions still pending, approved or executing (the finished ones, nearly all and kept for
ever, cost 49 bytes each in it on SQLite). Every query it serves repeats its condition.

Run by `countersign migrate` while the service is stopped (SQLite: 2,400 actions took 0.38 s of
CPU, alembic's start included).

Revision ID: a22h0017pack
Revises: a22g0016cmpt
Create Date: 2026-11-25 15:30:00
"""

import datetime as dt
from collections.abc import Callable
from typing import Any

import sqlalchemy as sa
from alembic import op

from storage.sql.driver.packing import pack, unpack

revision = "a22h0017pack"
down_revision = "a22g0016cmpt"
branch_labels = None
depends_on = None

PACKED = {
    "params": "params",
    "summary": "summary",
    "requested_by": "people",
    "warnings": "warnings",
    "result": "outcome",
    "error": "outcome",
    "decided_by": "people",
    "approvals": "people",
}
TIMES = (
    "created_at",
    "expires_at",
    "decided_at",
    "executed_at",
    "claimed_at",
    "edited_at",
    "next_attempt_at",
    "retrying_since",
)
EPOCH = dt.datetime(1970, 1, 1)
MICROSECOND = dt.timedelta(microseconds=1)
TEXT_FORM = "%Y-%m-%d %H:%M:%S.%f"  # how SQLAlchemy's SQLite DateTime writes (UTC, naive)
BATCH = 1000


def _rewrite(change: Callable[[str, Any], Any]) -> None:
    if op.get_bind().dialect.name != "sqlite":
        return
    conn = op.get_bind()
    columns = [*PACKED, "fingerprint", *TIMES]
    select = sa.text(
        f"SELECT rowid, {', '.join(columns)} FROM actions WHERE rowid > :after"
        f" ORDER BY rowid LIMIT {BATCH}"
    )
    update = sa.text(
        f"UPDATE actions SET {', '.join(f'{c} = :{c}' for c in columns)} WHERE rowid = :rowid_"
    )
    after = 0
    while rows := conn.execute(select, {"after": after}).all():
        after = rows[-1][0]
        conn.execute(
            update,
            [
                {"rowid_": row[0]}
                | {c: change(c, v) for c, v in zip(columns, row[1:], strict=True)}
                for row in rows
            ],
        )


def _packed(column: str, value: Any) -> Any:
    if column in TIMES:
        if not isinstance(value, str):
            return value
        return (dt.datetime.fromisoformat(value).replace(tzinfo=None) - EPOCH) // MICROSECOND
    if column == "fingerprint":
        hexdigest = isinstance(value, str) and len(value) == 64 and value == value.lower()
        return bytes.fromhex(value) if hexdigest else value
    return pack(value, PACKED[column]) if isinstance(value, str) else value


def _unpacked(column: str, value: Any) -> Any:
    if column in TIMES:
        return (
            (EPOCH + value * MICROSECOND).strftime(TEXT_FORM) if isinstance(value, int) else value
        )
    if column == "fingerprint":
        return value.hex() if isinstance(value, bytes) else value
    return unpack(value, PACKED[column]) if isinstance(value, bytes) else value


OPEN_CONDITION = "status IN ('pending', 'approved', 'executing')"


def upgrade() -> None:
    _rewrite(_packed)
    op.drop_index("ix_actions_status_expiry", table_name="actions")
    op.create_index(
        "ix_actions_open",
        "actions",
        ["status", "expires_at"],
        sqlite_where=sa.text(OPEN_CONDITION),
        postgresql_where=sa.text(OPEN_CONDITION),
    )


def downgrade() -> None:
    op.drop_index("ix_actions_open", table_name="actions")
    op.create_index("ix_actions_status_expiry", "actions", ["status", "expires_at"])
    _rewrite(_unpacked)
