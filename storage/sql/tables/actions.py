"""Actions, the policies' daily limits, the uses of an allowance and the limits' numbers."""

from __future__ import annotations

import sqlalchemy as sa

from storage.sql.driver.dialect import RepeatedIndexCondition
from storage.sql.driver.types import (
    HexDigest,
    Json,
    PackedJson,
    PackedText,
    RequestedBy,
    UtcMicros,
)
from storage.sql.tables.schema import metadata

OPEN_STATUSES = ("pending", "approved", "executing")
"""The statuses an action leaves again (service/actions/transitions.py: all but FINAL)."""
OPEN_CONDITION = "status IN ('pending', 'approved', 'executing')"
APPROVED_CONDITION = "status = 'approved'"
"""ix_actions_due's condition; queries repeat it word for word (a literal) for SQLite."""
PENDING_CONDITION = "status = 'pending'"
"""ix_actions_escalate's condition, repeated word for word by the escalator's queries."""
OUTCOME_COLUMNS = ("type", "status", "approvals_required", "edited_at", "price_cents")
"""What the policy suggestions count an account's actions by, kept in ix_actions_account_list."""
SHADOW_CONDITION = "shadow_key IS NOT NULL"
"""ix_actions_shadow's condition: only the actions a shadow allowance would have approved."""


def open_hint(status: sa.ColumnElement[str]) -> RepeatedIndexCondition:
    """`still_open` where it is redundant, beside `status = 'pending'` and the like, only to let
    SQLite use the partial indexes: rendered there, and as TRUE on PostgreSQL. PostgreSQL infers
    the index condition from the `status` term itself, and a repeated condition misleads its
    estimates: it multiplies the two terms' selectivities and expects a hundredth of the pending
    actions it then reads (bench/scale.py: `?status=pending` and the inbox at 1,000,000
    actions)."""
    return RepeatedIndexCondition(still_open(status))


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
    # Escalation: when a still-pending action is escalated (null: never, or done), when it was,
    # and who its creation was announced to (service/people/routing.py).
    sa.Column("escalate_at", UtcMicros, nullable=True),
    sa.Column("escalated_at", UtcMicros, nullable=True),
    sa.Column("routed_to", Json, nullable=True),
    # What a shadow allowance would have done (`{wouldApprove, rule}`), and its key when it
    # would have approved: the shadow's day is counted, and its record read, by that key.
    sa.Column("shadow", Json, nullable=True),
    sa.Column("shadow_key", sa.String(16), nullable=True),
    # `price`'s amount (null: free), counted by price from ix_actions_account_list.
    sa.Column("price_cents", sa.Integer, nullable=True),
    sa.UniqueConstraint("workspace_id", "idempotency_key"),
    sa.Index("ix_actions_list", "workspace_id", "mode", "created_at", "id"),
    # The per-account list (`?accountId=`): the same row-value keyset, one account's rows. The
    # columns after `id` make it cover the policy suggestions' count of an account's last 30
    # days by type and outcome (storage/sql/repos/actions/record.py): read from the index alone.
    sa.Index(
        "ix_actions_account_list",
        "workspace_id",
        "mode",
        "account_id",
        "created_at",
        "id",
        *OUTCOME_COLUMNS,
    ),
    # Only the actions still moving (the finished ones, nearly all of them and kept for
    # ever, would cost 49 bytes each here on SQLite). SQLite uses a partial index only for a query
    # that repeats its condition word for word: repos/actions/reads.py's OPEN does, on both databases.
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
    # The escalator's seek: pending actions whose escalation is due. Partial like ix_actions_due.
    sa.Index("ix_actions_escalate", "escalate_at", "id", sqlite_where=sa.text(PENDING_CONDITION)),
    # A shadow allowance's uses over the last day (its `maxPerDay`) and its record on the
    # Activity page. Partial: accounts without a shadow rule pay nothing for it.
    # A daily limit's window: the account's actions of the limit's types after the window's
    # start (one seek per type), not every action the account made that day. No expiry here:
    # only a pending action's row is read for it, and with it the index would cover (and so
    # be chosen for) the inbox's counts, which it cannot seek.
    sa.Index(
        "ix_actions_account_type",
        "workspace_id",
        "mode",
        "account_id",
        "type",
        "created_at",
        "status",
    ),
    sa.Index(
        "ix_actions_shadow",
        "workspace_id",
        "mode",
        "account_id",
        "shadow_key",
        "created_at",
        sqlite_where=sa.text(SHADOW_CONDITION),
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
        elif index.name == "ix_actions_escalate":
            index.dialect_kwargs["postgresql_where"] = sa.text(PENDING_CONDITION)
        elif index.name == "ix_actions_shadow":
            index.dialect_kwargs["postgresql_where"] = sa.text(SHADOW_CONDITION)


# Daily limits of a policy (`limits: [{types, perDay}]` beside its rules): an account's own
# (`account_id` its id) or the workspace default (`account_id` ''), inherited as the rules are.
policy_limits = sa.Table(
    "policy_limits",
    metadata,
    sa.Column("workspace_id", sa.String(40), primary_key=True),
    sa.Column("account_id", sa.String(64), primary_key=True),
    sa.Column("limits", Json, nullable=False),
)


# Each action an allowance (`approvals: 0` policy rule) approved at creation, written with it.
# Rows older than a day no longer count. One index: the numbers are what the check and the
# day's count read, and a second index by time was what PostgreSQL sought instead on a table
# without statistics, checking every use of the day for the number.
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
    sa.Index(
        "ix_allowance_uses_seq", "workspace_id", "account_id", "allowance", "seq", unique=True
    ),
)


# Each creation under a daily limit on PostgreSQL takes the account's next number, in the
# statement that counts the limit and writes the action: two creations that counted the same
# window take the same number, so one of them writes nothing and counts again. A limit is
# exact on any number of replicas without locking the account. The numbers taken since a count
# also bound the window, so most writes skip the count (repos/actions/limit_bases.py). Rows older
# than a day only keep the numbering going (the pruner removes all but the newest).
limit_uses = sa.Table(
    "limit_uses",
    metadata,
    sa.Column("workspace_id", sa.String(40), nullable=False),
    sa.Column("account_id", sa.String(64), nullable=False),
    sa.Column("seq", sa.Integer, nullable=False),
    sa.Column("created_at", UtcMicros, nullable=False),
    sa.PrimaryKeyConstraint("workspace_id", "account_id", "seq", name="pk_limit_uses"),
)
