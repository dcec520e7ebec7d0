"""The schema, in SQLAlchemy Core. Alembic revisions in storage/migrations are generated from it."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.sql.visitors import InternalTraversal

from storage.sql.types import (
    HexDigest,
    Json,
    PackedJson,
    PackedText,
    RequestedBy,
    UtcDateTime,
    UtcMicros,
    WrittenJson,
)

metadata = sa.MetaData(
    naming_convention={
        "ix": "ix_%(table_name)s_%(column_0_N_name)s",
        "uq": "uq_%(table_name)s_%(column_0_N_name)s",
        "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
        "pk": "pk_%(table_name)s",
    }
)

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
)

api_keys = sa.Table(
    "api_keys",
    metadata,
    sa.Column("id", sa.String(40), primary_key=True),
    sa.Column("workspace_id", sa.ForeignKey("workspaces.id"), nullable=False, index=True),
    sa.Column("name", sa.String(200), nullable=False),
    sa.Column("prefix", sa.String(40), nullable=False),
    sa.Column("secret_hash", sa.String(64), nullable=False, unique=True),
    sa.Column("mode", sa.String(4), nullable=False),
    sa.Column("scopes", Json, nullable=False),
    sa.Column("account_ids", Json, nullable=True),
    sa.Column("created_at", UtcDateTime, nullable=False),
    sa.Column("expires_at", UtcDateTime, nullable=True),
    sa.Column("revoked_at", UtcDateTime, nullable=True),
    sa.Column("last_used_at", UtcDateTime, nullable=True),
)

accounts = sa.Table(
    "accounts",
    metadata,
    sa.Column("workspace_id", sa.ForeignKey("workspaces.id"), primary_key=True),
    sa.Column("id", sa.String(64), primary_key=True),
    sa.Column("mode", sa.String(4), nullable=False),
    sa.Column("username", sa.String(200), nullable=False),
    sa.Column("name", sa.String(200), nullable=True),
    sa.Column("avatar_url", sa.String(2000), nullable=True),
    sa.Column("status", sa.String(20), nullable=False),
    sa.Column("status_reason", sa.String(500), nullable=True),
    sa.Column("writes_enabled", sa.Boolean, nullable=False),
    sa.Column("linked_at", UtcDateTime, nullable=True),
    sa.Column("last_synced_at", UtcDateTime, nullable=True),
    sa.Column("counts", Json, nullable=False),
    sa.Column("revenue30d", Json, nullable=False),
    sa.Column("subscription_price", Json, nullable=True),
    sa.Column("session_secret", sa.LargeBinary, nullable=True),
    sa.Column("fan_lists", Json, nullable=True),
    sa.Column("media_ids", Json, nullable=True),
    # The syncer's lease: a worker claims the account until `sync_lease_until` (its next due
    # time) with a conditional write, so N workers sync it once per interval.
    sa.Column("sync_claimed_by", sa.String(64), nullable=True),
    sa.Column("sync_lease_until", UtcDateTime, nullable=True),
    sa.Column("policy", Json, nullable=True),  # approval rules; null: the workspace's
)

fans = sa.Table(
    "fans",
    metadata,
    sa.Column("workspace_id", sa.String(40), primary_key=True),
    sa.Column("account_id", sa.String(64), primary_key=True),
    sa.Column("id", sa.String(64), primary_key=True),
    sa.Column("username", sa.String(200), nullable=False),
    sa.Column("name", sa.String(200), nullable=True),
    sa.Column("avatar_url", sa.String(2000), nullable=True),
    sa.Column("subscription_status", sa.String(10), nullable=False),
    sa.Column("subscribed_at", UtcDateTime, nullable=True),
    sa.Column("expires_at", UtcDateTime, nullable=True),
    sa.Column("list_ids", Json, nullable=False),
    sa.ForeignKeyConstraint(
        ["workspace_id", "account_id"], ["accounts.workspace_id", "accounts.id"]
    ),
)

# --- synced families: chats, messages, and the platform records kept as we serve them ------
# (docs/synced-data.md). Each row is scoped by (workspace_id, account_id); the syncer keeps a
# bounded window of each and rewrites only what changed.

synced_chats = sa.Table(
    "synced_chats",
    metadata,
    sa.Column("workspace_id", sa.String(40), primary_key=True),
    sa.Column("account_id", sa.String(64), primary_key=True),
    sa.Column("fan_id", sa.String(64), primary_key=True),
    sa.Column("last_activity_at", UtcDateTime, nullable=False),
    sa.Column("last_message_id", sa.String(64), nullable=True),
    sa.Column("data", Json, nullable=False),
    sa.Index("ix_synced_chats_recent", "workspace_id", "account_id", "last_activity_at", "fan_id"),
)

synced_messages = sa.Table(
    "synced_messages",
    metadata,
    sa.Column("workspace_id", sa.String(40), primary_key=True),
    sa.Column("account_id", sa.String(64), primary_key=True),
    sa.Column("id", sa.String(64), primary_key=True),
    sa.Column("fan_id", sa.String(64), nullable=False),
    sa.Column("created_at", UtcDateTime, nullable=False),
    sa.Column("mass_message_id", sa.String(64), nullable=True),
    sa.Column("text", sa.Text, nullable=False),
    sa.Column("data", WrittenJson, nullable=False),
    sa.Index("ix_synced_messages_chat", "workspace_id", "account_id", "fan_id", "created_at", "id"),
)

synced_items = sa.Table(
    "synced_items",
    metadata,
    sa.Column("workspace_id", sa.String(40), primary_key=True),
    sa.Column("account_id", sa.String(64), primary_key=True),
    sa.Column("family", sa.String(20), primary_key=True),
    sa.Column("id", sa.String(64), primary_key=True),
    sa.Column("position", sa.String(200), nullable=False),
    sa.Column("tags", sa.String(2000), nullable=False),
    sa.Column("data", Json, nullable=False),
    sa.Index("ix_synced_items_order", "workspace_id", "account_id", "family", "position", "id"),
)

sync_state = sa.Table(
    "sync_state",
    metadata,
    sa.Column("workspace_id", sa.String(40), primary_key=True),
    sa.Column("account_id", sa.String(64), primary_key=True),
    sa.Column("family", sa.String(20), primary_key=True),
    sa.Column("synced_at", UtcDateTime, nullable=False),
    sa.Column("signature", Json, nullable=True),
)

links = sa.Table(
    "links",
    metadata,
    sa.Column("id", sa.String(40), primary_key=True),
    sa.Column("workspace_id", sa.ForeignKey("workspaces.id"), nullable=False, index=True),
    sa.Column("mode", sa.String(4), nullable=False),
    sa.Column("status", sa.String(12), nullable=False),
    sa.Column("step", sa.String(200), nullable=True),
    sa.Column("token_hash", sa.String(64), nullable=False, unique=True),  # sha256 of the token
    sa.Column("note", sa.String(200), nullable=True),
    sa.Column("account_id", sa.String(64), nullable=True),
    sa.Column("created_at", UtcDateTime, nullable=False),
    sa.Column("expires_at", UtcDateTime, nullable=False),
    sa.Column("state", Json, nullable=False),
    # wrong sign-in attempts, raised by a conditional write before each platform call
    sa.Column("attempts", sa.Integer, nullable=False, server_default="0"),
)

OPEN_STATUSES = ("pending", "approved", "executing")
"""The statuses an action leaves again (service/actions/transitions.py: all but FINAL)."""
OPEN_CONDITION = "status IN ('pending', 'approved', 'executing')"
APPROVED_CONDITION = "status = 'approved'"
"""ix_actions_due's condition; queries repeat it word for word (a literal) for SQLite."""


class OpenHint(sa.sql.expression.ColumnElement[Any]):
    """`still_open` where it is redundant, beside `status = 'pending'` and the like, only to let
    SQLite use the partial indexes: rendered there, and as TRUE on PostgreSQL. PostgreSQL infers
    the index condition from the `status` term itself, and a repeated condition misleads its
    estimates: it multiplies the two terms' selectivities and expects a hundredth of the pending
    actions it then reads (bench/scale.py: `?status=pending` and the inbox at 1,000,000
    actions)."""

    type = sa.types.NullType()  # a Boolean would be compared with 1 on SQLite
    inherit_cache = True
    _traverse_internals = [("status", InternalTraversal.dp_clauseelement)]  # noqa: RUF012

    def __init__(self, status: sa.ColumnElement[str]) -> None:
        self.status = status


@compiles(OpenHint)
def _open_hint_elsewhere(element: OpenHint, compiler: Any, **kw: Any) -> str:
    return "true"


@compiles(OpenHint, "sqlite")
def _open_hint_sqlite(element: OpenHint, compiler: Any, **kw: Any) -> str:
    return str(compiler.process(still_open(element.status), **kw))


def still_open(status: sa.ColumnElement[str]) -> sa.ColumnElement[bool]:
    """ix_actions_open's condition word for word (literals, not bound values): SQLite uses a
    partial index only for a query that repeats it, so every query of open actions adds it
    beside its own `status = 'pending'` (redundant there; PostgreSQL infers it anyway)."""
    return status.in_([sa.literal_column(f"'{s}'") for s in OPEN_STATUSES])


actions = sa.Table(
    "actions",
    metadata,
    sa.Column("id", sa.String(40), primary_key=True),
    sa.Column("workspace_id", sa.ForeignKey("workspaces.id"), nullable=False),
    sa.Column("account_id", sa.String(64), nullable=False),
    sa.Column("mode", sa.String(4), nullable=False),
    sa.Column("type", sa.String(30), nullable=False),
    sa.Column("status", sa.String(10), nullable=False),
    sa.Column("params", PackedJson("params"), nullable=False),
    sa.Column("summary", PackedText(400, "summary"), nullable=False),
    sa.Column("estimated_recipients", sa.Integer, nullable=True),
    sa.Column("price", Json, nullable=True),
    sa.Column("requested_by", RequestedBy, nullable=False),  # stored without null members
    sa.Column("idempotency_key", sa.String(255), nullable=False),
    sa.Column("fingerprint", HexDigest, nullable=False),
    sa.Column("created_at", UtcMicros, nullable=False),
    sa.Column("expires_at", UtcMicros, nullable=False),
    sa.Column("decided_by", PackedJson("people"), nullable=True),
    sa.Column("decision_note", sa.String(500), nullable=True),
    sa.Column("decided_at", UtcMicros, nullable=True),
    sa.Column("executed_at", UtcMicros, nullable=True),
    sa.Column("result", PackedJson("outcome"), nullable=True),
    sa.Column("error", PackedJson("outcome"), nullable=True),
    sa.Column("claimed_by", sa.String(80), nullable=True),
    sa.Column("claimed_at", UtcMicros, nullable=True),
    sa.Column("warnings", PackedJson("warnings"), nullable=False, server_default="[]"),
    # Approval policies: the rule captured at creation, the approvals counted since
    # the last edit, and `revision`, the condition of every approval's and edit's write.
    sa.Column("approvals", PackedJson("people"), nullable=False, server_default="[]"),
    sa.Column("approvals_required", sa.Integer, nullable=False, server_default="1"),
    sa.Column("approvers", sa.String(10), nullable=False, server_default="members"),
    sa.Column("revision", sa.Integer, nullable=False, server_default="0"),
    sa.Column("requested_by_user", sa.String(40), nullable=True),
    sa.Column("requested_params", Json, nullable=True),
    sa.Column("edited_by", Json, nullable=True),
    sa.Column("edited_at", UtcMicros, nullable=True),
    sa.Column("replaces", sa.String(40), nullable=True),
    sa.Column("replaced_by", sa.String(40), nullable=True),
    # Patience with the platform: the retry schedule of sends it surely never got.
    sa.Column("execution_attempts", sa.Integer, nullable=False, server_default="0"),
    sa.Column("last_error", Json, nullable=True),
    sa.Column("next_attempt_at", UtcMicros, nullable=True),
    sa.Column("retrying_since", UtcMicros, nullable=True),
    # A scheduled action runs at `run_at` once approved (null: as soon as it is approved).
    sa.Column("run_at", UtcMicros, nullable=True),
    sa.UniqueConstraint("workspace_id", "idempotency_key"),
    sa.Index("ix_actions_list", "workspace_id", "mode", "created_at", "id"),
    # The per-account list (`?accountId=`): the same row-value keyset, one account's rows.
    sa.Index("ix_actions_account_list", "workspace_id", "mode", "account_id", "created_at", "id"),
    # Only the actions still moving (the finished ones, nearly all of them and kept for
    # ever, would cost 49 bytes each here on SQLite). SQLite uses a partial index only for a query
    # that repeats its condition word for word: action_reads.py's OPEN does, on both databases.
    sa.Index("ix_actions_open", "status", "expires_at", sqlite_where=sa.text(OPEN_CONDITION)),
    # Every list filter seeks an index (tests/storage/test_list_plans.py): by status, by
    # account and status, and the inbox (one workspace's open actions, the soonest to expire
    # first; partial like ix_actions_open).
    sa.Index("ix_actions_status_list", "workspace_id", "mode", "status", "created_at", "id"),
    sa.Index(
        "ix_actions_account_status_list",
        "workspace_id",
        "mode",
        "account_id",
        "status",
        "created_at",
        "id",
    ),
    sa.Index(
        "ix_actions_inbox",
        "workspace_id",
        "mode",
        "expires_at",
        "id",
        sqlite_where=sa.text(OPEN_CONDITION),
    ),
    sa.Index(
        "ix_actions_account_inbox",
        "workspace_id",
        "mode",
        "account_id",
        "expires_at",
        "id",
        sqlite_where=sa.text(OPEN_CONDITION),
    ),
    # The executor's claim: approved actions with no schedule (run_at null, oldest decision
    # first), the scheduled ones due, and the soonest schedule ahead, each a seek that never
    # reads the actions scheduled later. Partial: only the approved rows are here.
    sa.Index(
        "ix_actions_due", "run_at", "decided_at", "id", sqlite_where=sa.text(APPROVED_CONDITION)
    ),
)
OPEN_INDEXES = ("ix_actions_open", "ix_actions_inbox", "ix_actions_account_inbox")


def add_postgresql_options() -> None:
    """ix_actions_open's condition on PostgreSQL. Naming a `postgresql_` option imports that
    dialect with every one of its drivers (~30 ms, tests/cli/test_cli_imports.py), so it is
    attached where PostgreSQL code starts (postgres.py, engine.py), not when this module loads.
    Revision 0017 creates the index on both databases; this keeps the metadata saying so."""
    for index in actions.indexes:
        if index.name in OPEN_INDEXES:
            index.dialect_kwargs["postgresql_where"] = sa.text(OPEN_CONDITION)
        elif index.name == "ix_actions_due":
            index.dialect_kwargs["postgresql_where"] = sa.text(APPROVED_CONDITION)


# Daily limits of a policy (`limits: [{types, perDay}]` beside its rules): an account's own
# (`account_id` its id) or the workspace default (`account_id` ''), inherited as the rules are.
policy_limits = sa.Table(
    "policy_limits",
    metadata,
    sa.Column("workspace_id", sa.String(40), primary_key=True),
    sa.Column("account_id", sa.String(64), primary_key=True),
    sa.Column("limits", Json, nullable=False),
)


# Each action an allowance (`approvals: 0` policy rule) approved at creation, written with it:
# counting one account's use over the last 24 hours reads this table's index alone. Rows older
# than a day no longer count.
allowance_uses = sa.Table(
    "allowance_uses",
    metadata,
    sa.Column("action_id", sa.String(40), primary_key=True),
    sa.Column("workspace_id", sa.String(40), nullable=False),
    sa.Column("account_id", sa.String(64), nullable=False),
    sa.Column("allowance", sa.String(16), nullable=False),
    sa.Column("created_at", UtcMicros, nullable=False),
    # 1, 2, 3, … per allowance and account: room for one more use exactly when the use
    # `maxPerDay` places back from the newest is older than the window (two index probes).
    sa.Column("seq", sa.Integer, nullable=False, server_default="0"),
    sa.Index("ix_allowance_uses", "workspace_id", "account_id", "allowance", "created_at"),
    sa.Index(
        "ix_allowance_uses_seq", "workspace_id", "account_id", "allowance", "seq", unique=True
    ),
)


events = sa.Table(
    "events",
    metadata,
    sa.Column(
        "seq",
        sa.BigInteger().with_variant(sa.Integer, "sqlite"),
        primary_key=True,
        autoincrement=True,
    ),
    sa.Column("id", sa.String(40), nullable=False, unique=True),
    sa.Column("workspace_id", sa.ForeignKey("workspaces.id"), nullable=False),
    sa.Column("type", sa.String(40), nullable=False),
    sa.Column("mode", sa.String(4), nullable=False),  # live | test: which endpoints get it
    sa.Column("account_id", sa.String(64), nullable=True),
    sa.Column("data", Json, nullable=False),
    sa.Column("created_at", UtcDateTime, nullable=False),
    sa.Column("dispatched_at", UtcDateTime, nullable=True),  # fanned out to deliveries
    # The dispatcher's queue (dispatched_at null, in order) and retention's walk (the longest
    # dispatched first). Every event written pays for each index here, so there are no others:
    # no query reads events by workspace, and dispatch follows creation within a second.
    sa.Index("ix_events_undispatched", "dispatched_at", "seq"),
)

# --- dashboard: sessions, invitations and the audit log -------------------------------------

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

audit_log = sa.Table(
    "audit_log",
    metadata,
    sa.Column("id", sa.String(40), primary_key=True),
    sa.Column("workspace_id", sa.ForeignKey("workspaces.id"), nullable=False),
    sa.Column("actor", Json, nullable=False),  # {kind, id, name, email}
    sa.Column("action", sa.String(60), nullable=False),  # e.g. action.approved, key.revoked
    sa.Column("target", sa.String(80), nullable=True),
    sa.Column("details", Json, nullable=False),
    sa.Column("created_at", UtcDateTime, nullable=False),
    sa.Index("ix_audit_log_recent", "workspace_id", "created_at"),
)

# --- revenue: every observed version of a platform transaction ----------------------------

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

# --- webhooks: endpoints, deliveries and one row per attempt -------------------------------

webhook_endpoints = sa.Table(
    "webhook_endpoints",
    metadata,
    sa.Column("id", sa.String(40), primary_key=True),
    sa.Column("workspace_id", sa.ForeignKey("workspaces.id"), nullable=False, index=True),
    sa.Column("kind", sa.String(12), nullable=False),  # transactions (one per mode) | events
    sa.Column("mode", sa.String(4), nullable=False),  # live | test: the events it receives
    sa.Column("url", sa.String(2000), nullable=False),
    sa.Column("secrets", Json, nullable=False),  # [{secret, expiresAt|null}], newest first
    sa.Column("event_types", Json, nullable=True),  # null = all events
    sa.Column("failing", sa.Boolean, nullable=False),
    sa.Column("created_at", UtcDateTime, nullable=False),
    sa.Column("disabled_at", UtcDateTime, nullable=True),  # removed by a person
    # The first failed attempt since the last success (null while deliveries succeed).
    sa.Column("failing_since", UtcDateTime, nullable=True),
    # Disabled by the deliverer (failing for days, or 410 Gone); still listed, with the reason.
    sa.Column("auto_disabled_at", UtcDateTime, nullable=True),
    sa.Column("disabled_reason", sa.String(300), nullable=True),
)

deliveries = sa.Table(
    "deliveries",
    metadata,
    sa.Column("id", sa.String(40), primary_key=True),  # x-svc-delivery, stable across retries
    sa.Column("endpoint_id", sa.ForeignKey("webhook_endpoints.id"), nullable=False),
    sa.Column("workspace_id", sa.String(40), nullable=False),
    # The event it sends: the body is built from that one row (events.id), never copied here.
    sa.Column("event_id", sa.String(40), nullable=False, index=True),
    sa.Column("event_type", sa.String(40), nullable=False),
    sa.Column("status", sa.String(10), nullable=False),  # pending | succeeded | failed
    sa.Column("attempts", sa.Integer, nullable=False),
    sa.Column("next_attempt_at", UtcDateTime, nullable=True),
    sa.Column("claimed_by", sa.String(80), nullable=True),
    sa.Column("claimed_until", UtcDateTime, nullable=True),
    sa.Column("created_at", UtcDateTime, nullable=False),
    sa.Column("seq", sa.BigInteger, nullable=False),  # the event's seq (its `sequence`)
    sa.UniqueConstraint("endpoint_id", "event_id"),
    sa.Index("ix_deliveries_due", "status", "next_attempt_at"),
    # Retention: the oldest deliveries first.
    sa.Index("ix_deliveries_created_at", "created_at"),
)

delivery_attempts = sa.Table(
    "delivery_attempts",
    metadata,
    sa.Column("id", sa.String(40), primary_key=True),
    sa.Column("delivery_id", sa.ForeignKey("deliveries.id"), nullable=False, index=True),
    sa.Column("attempted_at", UtcDateTime, nullable=False),
    sa.Column("status_code", sa.Integer, nullable=True),
    sa.Column("response", sa.String(2000), nullable=True),
    sa.Column("duration_ms", sa.Integer, nullable=False),
    sa.Column("error", sa.String(500), nullable=True),
)

# --- mail to the people who decide ---------------------------------------------------------

mail_preferences = sa.Table(
    "mail_preferences",
    metadata,
    # No row: the member's role decides (owners and admins: each approval and the reminder).
    sa.Column("workspace_id", sa.String(40), primary_key=True),
    sa.Column("user_id", sa.String(40), primary_key=True),
    sa.Column("new_approvals", sa.String(10), nullable=False),  # each | digest | off
    sa.Column("digest_minutes", sa.Integer, nullable=False),
    sa.Column("accounts", Json, nullable=True),  # null: every account
    sa.Column("reminder_minutes", sa.Integer, nullable=True),  # null: no reminder
    sa.Column("updated_at", UtcDateTime, nullable=True),
)

mails = sa.Table(
    "mails",
    metadata,
    # The mail outbox: written when the dispatcher fans out `action.created` (in the transaction
    # that marks the event dispatched), sent by the mailer under a lease, one attempt row each.
    sa.Column("id", sa.String(40), primary_key=True),
    sa.Column("workspace_id", sa.String(40), nullable=False),
    sa.Column("user_id", sa.String(40), nullable=False),
    sa.Column("to_address", sa.String(320), nullable=False),
    sa.Column("kind", sa.String(10), nullable=False),  # approval | digest | reminder
    sa.Column("action_ids", Json, nullable=False),
    sa.Column("mode", sa.String(4), nullable=False),
    sa.Column("status", sa.String(10), nullable=False),
    sa.Column("attempts", sa.Integer, nullable=False),
    sa.Column("next_attempt_at", UtcDateTime, nullable=False),
    sa.Column("created_at", UtcDateTime, nullable=False),
    sa.Column("claimed_by", sa.String(80), nullable=True),
    sa.Column("claimed_until", UtcDateTime, nullable=True),
    sa.Column("sent_at", UtcDateTime, nullable=True),
    sa.Column("last_error", sa.String(500), nullable=True),
    sa.Index("ix_mails_due", "status", "next_attempt_at"),
    sa.Index("ix_mails_user", "workspace_id", "user_id", "status"),
)

mail_attempts = sa.Table(
    "mail_attempts",
    metadata,
    sa.Column("id", sa.String(40), primary_key=True),
    sa.Column("mail_id", sa.ForeignKey("mails.id"), nullable=False, index=True),
    sa.Column("attempt", sa.Integer, nullable=False),
    sa.Column("attempted_at", UtcDateTime, nullable=False),
    sa.Column("duration_ms", sa.Integer, nullable=False),
    sa.Column("outcome", sa.String(10), nullable=False),  # sent | retry | failed
    sa.Column("error", sa.String(500), nullable=True),
)

# --- operations: which worker processes are alive ------------------------------------------

worker_heartbeats = sa.Table(
    "worker_heartbeats",
    metadata,
    # One row per process running the background loops, beaten every few seconds while every
    # loop runs; removed on a clean stop. A stale row is a worker that stopped without saying so.
    sa.Column("id", sa.String(80), primary_key=True),
    sa.Column("host", sa.String(200), nullable=False),
    sa.Column("pid", sa.Integer, nullable=False),
    sa.Column("started_at", UtcDateTime, nullable=False),
    sa.Column("beat_at", UtcDateTime, nullable=False),
)
