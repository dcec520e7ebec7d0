"""The limit app: the database work of the hot endpoints on the raw driver, and nothing else.

    uvicorn --factory bench.limit_app:app      (BENCH_DATABASE_URL names the seeded database)

What the service's figures are measured against (bench/hot_path.py). Each route does the same
database work as the service's endpoint, on the same database, on the same paths, so the same
wrk scripts drive both:

- every request looks the API key up by its SHA-256 hash (and refuses revoked/expired keys);
- `GET /v1/actions/{id}`: one SELECT of the action by (workspace, id), rendered as JSON;
- `GET /v1/actions?limit=N`: one keyset-ordered SELECT of N+1 actions, rendered;
- `POST /v1/accounts/{id}/actions`: reads the account, then in one transaction
  `INSERT … ON CONFLICT (workspace_id, idempotency_key) DO NOTHING RETURNING` (reading the winner
  when it conflicts) and the `action.created` outbox row, rendered.

PostgreSQL: one asyncpg pool; asyncpg prepares and caches each statement per connection.
SQLite: sqlite3 in a small thread pool, each request's whole unit of work in ONE thread hop.
No validation, no SQLAlchemy, no domain objects: the ceiling our own code is measured against.

Its parts: limit_rows.py (what both drivers' routes share), limit_postgres.py, limit_sqlite.py.
"""

from __future__ import annotations

import os

from starlette.applications import Starlette

from bench.limit_postgres import postgres_app
from bench.limit_sqlite import sqlite_app


def app() -> Starlette:
    url = os.environ["BENCH_DATABASE_URL"]
    if url.startswith("sqlite"):
        return sqlite_app(url.split(":///", 1)[1])
    return postgres_app(url.replace("postgresql+asyncpg://", "postgresql://"))
