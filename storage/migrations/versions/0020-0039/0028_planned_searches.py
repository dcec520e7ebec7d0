"""searches planned for their terms in one round trip (PostgreSQL)

`countersign_planned(query, args)`: a PL/pgSQL function whose `RETURN QUERY EXECUTE query
USING args` plans its statement for the arguments on every call. A search runs through it
(storage/sql/driver/planned.py says how) rather than being prepared afresh on each call, which cost a
round trip of its own: the function's call stays prepared, so a search is one round trip and
still planned for its term (the trigram index for a rare one, the list's own order for a
frequent one). It runs with its caller's rights. Creating a function rewrites nothing: quick on
a populated database. SQLite: nothing (it plans every statement for its values anyway).
`downgrade` drops the function.

Revision ID: a28planned
Revises: a27outbox
Create Date: 2026-11-27 17:40:00
"""

from alembic import op

revision = "a28planned"
down_revision = "a27outbox"
branch_labels = None
depends_on = None

CREATE_FUNCTION = """
CREATE OR REPLACE FUNCTION countersign_planned(query text, args text[]) RETURNS SETOF record
LANGUAGE plpgsql AS $planned$
BEGIN
    RETURN QUERY EXECUTE query USING args;
END
$planned$
"""


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(CREATE_FUNCTION)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP FUNCTION IF EXISTS countersign_planned(text, text[])")
