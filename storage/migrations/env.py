"""Alembic environment: runs revisions on the connection handed over by storage.migrate."""

from alembic import context

from storage.sql.tables import metadata

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run migrations through `countersign migrate` (storage.migrate)")

context.configure(
    connection=connection,
    target_metadata=metadata,
    render_as_batch=connection.dialect.name == "sqlite",
)
with context.begin_transaction():
    context.run_migrations()
