"""Revenue: every observed version of a platform transaction, numbered in commit order."""

from __future__ import annotations

import sqlalchemy as sa

from storage.sql.driver.types import UtcDateTime
from storage.sql.tables.schema import metadata

counters = sa.Table(
    "counters",
    metadata,
    # One row per sequence whose order must equal commit order: writers lock the row with
    # UPDATE … RETURNING, so a reader paging by `seq` can never skip a late-committing row.
    sa.Column("name", sa.String(80), primary_key=True),
    sa.Column("value", sa.BigInteger, nullable=False),
)

transactions = sa.Table(
    "transactions",
    metadata,
    # Numbered per workspace (counter row `transactions:{workspace_id}`).
    sa.Column("seq", sa.BigInteger, nullable=False, autoincrement=False),
    sa.Column("workspace_id", sa.ForeignKey("workspaces.id"), nullable=False),
    sa.Column("account_id", sa.String(64), nullable=False),
    sa.Column("id", sa.String(64), nullable=False),
    sa.Column("fan_id", sa.String(64), nullable=False),
    sa.Column("kind", sa.String(30), nullable=False),
    sa.Column("description", sa.String(500), nullable=False),
    sa.Column("status", sa.String(20), nullable=False),
    sa.Column("gross_cents", sa.BigInteger, nullable=False),
    sa.Column("net_cents", sa.BigInteger, nullable=False),
    sa.Column("fee_cents", sa.BigInteger, nullable=False),
    sa.Column("vat_cents", sa.BigInteger, nullable=False),
    sa.Column("currency", sa.String(3), nullable=False),
    sa.Column("occurred_at", UtcDateTime, nullable=False),
    sa.Column("observed_at", UtcDateTime, nullable=False),
    sa.Column("deleted", sa.Boolean, nullable=False),
    sa.Column("fingerprint", sa.String(64), nullable=False),
    sa.PrimaryKeyConstraint("workspace_id", "seq"),
    sa.Index("ix_transactions_account_feed", "workspace_id", "account_id", "seq"),
    sa.Index("ix_transactions_latest", "workspace_id", "account_id", "id", "seq"),
    sa.Index("ix_transactions_observed", "workspace_id", "observed_at", "seq"),
    sa.Index("ix_transactions_fan", "workspace_id", "account_id", "fan_id", "seq"),  # fan_spend
)
