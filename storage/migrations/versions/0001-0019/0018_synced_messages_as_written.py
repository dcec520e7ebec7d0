"""synced messages keep the text we wrote: PostgreSQL `json`, not `jsonb`

A page of synced messages is served from the stored text as it is (service/domain/stored_json.py)
when that text already is the API form. SQLite keeps the text we write; PostgreSQL's `jsonb`
parses it and answers re-spaced text, so every message there was decoded and encoded again on
each read. From this revision on `synced_messages.data` is `json` on PostgreSQL, which keeps the
text as written (storage/sql/driver/types.py: WrittenJson).

PostgreSQL only; SQLite does not change. The rows stored before are rewritten compact in batches
of 1,000 (jsonb's text is re-spaced; without this they would be served the slow way until the
syncer trims them): 30,000 messages took 1.2 s, alembic's start included, run by `countersign
migrate` while the service is stopped. `downgrade` turns the column back into `jsonb` (the code before this revision
reads either).

Revision ID: a18i0018text
Revises: a22h0017pack
Create Date: 2026-11-26 14:00:00
"""

import json

import sqlalchemy as sa
from alembic import op

revision = "a18i0018text"
down_revision = "a22h0017pack"
branch_labels = None
depends_on = None

BATCH = 1000
KEY = ("workspace_id", "account_id", "id")


def upgrade() -> None:
    bind = op.get_bind()
    if bind.dialect.name != "postgresql":
        return
    op.execute("ALTER TABLE synced_messages ALTER COLUMN data TYPE json USING data::json")
    select = sa.text(
        "SELECT workspace_id, account_id, id, data::text FROM synced_messages"
        " WHERE (workspace_id, account_id, id) > (:ws, :account, :id)"
        " ORDER BY workspace_id, account_id, id LIMIT :limit"
    )
    update = sa.text(
        "UPDATE synced_messages SET data = CAST(:data AS json)"
        " WHERE workspace_id = :ws AND account_id = :account AND id = :id"
    )
    after = {"ws": "", "account": "", "id": ""}
    while rows := bind.execute(select, {**after, "limit": BATCH}).all():
        bind.execute(
            update,
            [
                {
                    "ws": ws,
                    "account": account,
                    "id": message_id,
                    "data": json.dumps(json.loads(text), separators=(",", ":")),
                }
                for ws, account, message_id, text in rows
            ],
        )
        ws, account, message_id, _ = rows[-1]
        after = {"ws": ws, "account": account, "id": message_id}


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("ALTER TABLE synced_messages ALTER COLUMN data TYPE jsonb USING data::jsonb")
