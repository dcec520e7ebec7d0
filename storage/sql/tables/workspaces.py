"""Workspaces and the people in them: members, dashboard sessions, invitations."""

from __future__ import annotations

import sqlalchemy as sa

from storage.sql.driver.types import Json, UtcDateTime
from storage.sql.tables.schema import metadata

workspaces = sa.Table(
    "workspaces",
    metadata,
    sa.Column("id", sa.String(40), primary_key=True),
    sa.Column("name", sa.String(200), nullable=False),
    sa.Column("created_at", UtcDateTime, nullable=False),
    sa.Column("policy", Json, nullable=True),  # approval rules; null: none (one approval)
)

users = sa.Table(
    "users",
    metadata,
    sa.Column("id", sa.String(40), primary_key=True),
    sa.Column("email", sa.String(320), nullable=False, unique=True),
    sa.Column("name", sa.String(200), nullable=False),
    sa.Column("password_hash", sa.String(200), nullable=False),
    sa.Column("created_at", UtcDateTime, nullable=False),
)

members = sa.Table(
    "members",
    metadata,
    sa.Column("workspace_id", sa.ForeignKey("workspaces.id"), primary_key=True),
    sa.Column("user_id", sa.ForeignKey("users.id"), primary_key=True),
    sa.Column("role", sa.String(10), nullable=False),
    # The accounts a `member` is assigned to (null: all); owners and admins see all.
    sa.Column("account_ids", Json, nullable=True),
    # on | off | schedule (the weekly `schedule` in the member's time zone decides).
    sa.Column("shift", sa.String(10), nullable=False, server_default="on"),
    sa.Column("schedule", Json, nullable=True),
)


sessions = sa.Table(
    "sessions",
    metadata,
    sa.Column("id", sa.String(64), primary_key=True),  # sha256 of the cookie token
    sa.Column("user_id", sa.ForeignKey("users.id"), nullable=False, index=True),
    sa.Column("workspace_id", sa.String(40), nullable=True),
    sa.Column("csrf_token", sa.String(64), nullable=False),
    sa.Column("created_at", UtcDateTime, nullable=False),
    sa.Column("expires_at", UtcDateTime, nullable=False),
    sa.Column("ended_at", UtcDateTime, nullable=True),
)

invites = sa.Table(
    "invites",
    metadata,
    sa.Column("id", sa.String(40), primary_key=True),
    sa.Column("workspace_id", sa.ForeignKey("workspaces.id"), nullable=False, index=True),
    sa.Column("email", sa.String(320), nullable=False),
    sa.Column("role", sa.String(10), nullable=False),
    sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
    sa.Column("invited_by", sa.String(40), nullable=False),
    sa.Column("created_at", UtcDateTime, nullable=False),
    sa.Column("expires_at", UtcDateTime, nullable=False),
    sa.Column("accepted_at", UtcDateTime, nullable=True),
)
