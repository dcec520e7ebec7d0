"""An action as the API shows it (camelCase, RFC 3339 times): in answers, events and pages."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from service.actions.model import Action
from service.actions.policies.policy_rule import PolicyRule
from service.actions.transitions import effective
from service.domain.approval_url import approval_url, with_approval_url
from service.domain.clock import isoformat

_last_rendered: tuple[Action, dict[str, Any]] | None = None
"""The last action recorded as it stands (not expired on read), with its body: a creation
renders the same action twice, for its `action.created` event and for the answer. Bodies are
read, never changed, by those who render them."""


def action_record(action: Action, now: dt.datetime) -> dict[str, Any]:
    """The action as the API shows it at `now`, without `approvalUrl`: what an event keeps.
    The URL is the service's address, which only the edge knows (`action_json`, the webhook
    envelope), so a stored event stays right if the service moves."""
    global _last_rendered
    shown = effective(action, now)
    last = _last_rendered
    if shown is action and last is not None and last[0] is action:
        return dict(last[1])  # the same frozen action: the same body (a copy of its own)
    body = _action_body(shown, None)
    del body["approvalUrl"]
    if shown is action:
        _last_rendered = (action, body)
    return body


def action_json(action: Action, public_url: str, now: dt.datetime) -> dict[str, Any]:
    """The action as the API answers it: built whole (a list renders a hundred), or from the
    body its event was just recorded with (a creation)."""
    shown = effective(action, now)
    last = _last_rendered
    if shown is action and last is not None and last[0] is action:
        return with_approval_url(last[1], public_url)
    return _action_body(shown, public_url)


def _action_body(action: Action, public_url: str | None) -> dict[str, Any]:
    return {
        "id": action.id,
        "type": action.type,
        "status": action.status,
        "mode": action.mode,
        "accountId": action.account_id,
        "summary": action.summary,
        "params": action.params,
        "estimatedRecipients": action.estimated_recipients,
        "price": action.price,
        "approvalUrl": None if public_url is None else approval_url(public_url, action.id),
        "requestedBy": action.requested_by,
        "decidedBy": action.decided_by,
        "decisionNote": action.decision_note,
        "createdAt": isoformat(action.created_at),
        "expiresAt": isoformat(action.expires_at),
        "decidedAt": isoformat(action.decided_at),
        "executedAt": isoformat(action.executed_at),
        "result": action.result,
        "error": action.error,
        "warnings": list(action.warnings),
        # Approval policies: additive fields.
        "approvals": [
            {"name": a["name"], "email": a["email"], "at": a["at"]} for a in action.approvals
        ],
        "approvalsRequired": action.approvals_required,
        "approvalsNeeded": action.approvals_needed if action.status == "pending" else 0,
        "approvers": action.approvers,
        "requestedParams": action.requested_params,
        "editedBy": action.edited_by,
        "editedAt": isoformat(action.edited_at),
        "replaces": action.replaces,
        "replacedBy": action.replaced_by,
        # Patience with the platform, additive: null until a send was refused unread.
        "execution": execution_json(action),
        # Scheduled runs, additive: null for an action that runs once approved.
        "runAt": isoformat(action.run_at),
        # Escalation, additive: null unless a policy's `escalateAfterMinutes` passed pending.
        "escalatedAt": isoformat(action.escalated_at),
        # Shadow allowances, additive: null unless a shadow rule matched the action.
        "shadow": action.shadow,
    }


def execution_json(action: Action) -> dict[str, Any] | None:
    if action.execution_attempts == 0:
        return None
    waiting = action.status == "approved"
    return {
        "attempts": action.execution_attempts,
        "lastError": action.last_error,
        "nextAttemptAt": isoformat(action.next_attempt_at) if waiting else None,
    }


def policy_json(rules: Sequence[PolicyRule] | None, *, own: bool) -> dict[str, Any]:
    """The rules that apply to the account's new actions, and where they come from."""
    return {
        "rules": [r.to_json() for r in rules or ()],
        "source": "account" if own else "workspace",
    }
