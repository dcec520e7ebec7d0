"""What a chat message says: what the approval page shows, in words a phone shows well.

A pending action's message names the account and the action (fans and lists by their synced
names), the message as the fan will see it, price, estimated recipients, warnings, the policy's
requirement and who already approved, with three buttons: Approve, Reject and Open (the approval
page). Once decided it says who decided and when, then the outcome once it ran, and keeps only
Open. Both chats get the same words; slack.py and telegram.py shape them.
"""

from __future__ import annotations

import datetime as dt

from attrs import frozen

from service.actions.model import Action
from service.domain.messages import sanitise
from service.domain.plain_text import money, text_lines

APPROVE, REJECT, OPEN = "approve", "reject", "open"
QUOTED = 1500
"""Characters of the fan's message quoted; the approval page shows it whole."""
LONGEST = 2900
"""Characters of a whole message: under Slack's 3,000 a section and Telegram's 4,096."""


@frozen
class Button:
    id: str  # approve | reject | open
    text: str
    url: str | None = None  # Open's


@frozen
class Mention:
    """A member to notify, by their linked chat account (Slack `U…`, Telegram's user id)."""

    chat_user_id: str
    name: str


@frozen
class Composed:
    text: str
    buttons: tuple[Button, ...]
    mentions: tuple[Mention, ...] = ()
    """Shown after the text, as each chat notifies people (slack.py, telegram.py)."""
    mention_label: str = ""


def _when(at: dt.datetime | None) -> str:
    return at.astimezone(dt.UTC).strftime("%d %b %H:%M UTC") if at else ""


def requirement(action: Action) -> str:
    """The policy's requirement, as the approval page words it."""
    who = " (admins and owners only)" if action.approvers == "admins" else ""
    if action.approvals_required == 1:
        return f"1 approval needed{who}"
    return (
        f"{action.approvals_needed} more of {action.approvals_required} needed, "
        f"from different people{who}"
    )


def _outcome(action: Action) -> str:
    by = (action.decided_by or {}).get("name") or "someone"
    note = f": {action.decision_note}" if action.decision_note else ""
    when = _when(action.decided_at)
    status = action.status
    if status in ("approved", "executing"):
        return f"✅ Approved by {by}, {when} · running"
    if status == "executed":
        return f"✅ Approved by {by}, {when} · executed {_when(action.executed_at)}"
    if status == "failed":
        error = (action.error or {}).get("message") or "the platform refused it"
        return f"✅ Approved by {by}, {when} · failed: {error}"
    if status == "rejected":
        return f"❌ Rejected by {by}, {when}{note}"
    if status == "cancelled":
        return f"🚫 Cancelled by {by}, {when}"
    if status == "expired":
        return "⌛ Expired: nobody decided in time"
    return status


def compose(
    action: Action,
    *,
    summary: str,
    username: str | None,
    public_url: str,
    now: dt.datetime,
    mentions: tuple[Mention, ...] = (),
    fallback: bool = False,
) -> Composed:
    """The message for the action as it is now (`summary` with fans and lists named)."""
    test = "[TEST] " if action.mode == "test" else ""
    pending = action.status == "pending" and action.expires_at > now
    head = "Approval needed" if pending else "Approval request"
    lines = [f"{test}{head} · @{username or action.account_id}", summary]
    text = action.params.get("text") if isinstance(action.params, dict) else None
    if isinstance(text, str):
        lines.append("Message as the fan will see it:")
        shown = text_lines(sanitise(text))
        if len(shown) > QUOTED:
            shown = shown[:QUOTED] + "… (the whole message: Open)"
        lines += [f"> {line}" for line in shown.splitlines()]
    recipients = "unknown" if action.estimated_recipients is None else action.estimated_recipients
    lines.append(f"Price: {money(action.price)} · Estimated recipients: {recipients}")
    lines += [f"⚠ {warning.get('message', '')}" for warning in action.warnings]
    approved = ", ".join(str(a.get("name") or "someone") for a in action.approvals)
    open_button = Button(OPEN, "Open", f"{public_url}/dashboard/actions/{action.id}")
    buttons: tuple[Button, ...]
    if pending:
        lines.append(f"Approvals: {requirement(action)}")
        if approved:
            lines.append(f"Approved so far by {approved}")
        if action.escalated_at is not None:
            lines.append(f"⏫ Escalated {_when(action.escalated_at)}: owners and admins asked")
        buttons = (Button(APPROVE, "Approve"), Button(REJECT, "Reject"), open_button)
    else:
        if approved and action.status == "rejected":
            lines.append(f"Approved before by {approved}")
        lines.append(_outcome(action))
        buttons = (open_button,)
    whole = "\n".join(lines)
    if len(whole) > LONGEST:  # Slack refuses a section over 3,000 characters
        whole = whole[: LONGEST - 1] + "…"
    if not pending:
        return Composed(whole, buttons)
    label = "Nobody on shift; for the owners and admins:" if fallback else "For:"
    return Composed(whole, buttons, mentions, label)
