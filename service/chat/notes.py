"""Notes: chat messages that tell rather than ask, sent once beside an action's message.

- An escalation: the action waited past its rule's `escalateAfterMinutes`; the owners and
  admins are mentioned (on Slack a reply in the action message's thread, on Telegram a new
  message in the group answering it).
- A paused allowance: which rule, on which account and why, in the workspace's default
  channel, the owners and admins mentioned.

They share the outbox with the action messages (its lease, retries and backoff) and are told
apart by their id's prefix; a later event of the action never edits them.
"""

from __future__ import annotations

from service.actions.model import Action
from service.chat.compose import Composed, Mention

MANAGERS_LABEL = "Owners and admins:"


def escalation(
    action: Action, *, username: str | None, public_url: str, mentions: tuple[Mention, ...]
) -> Composed:
    test = "[TEST] " if action.mode == "test" else ""
    text = (
        f"{test}⏫ Escalated · @{username or action.account_id}: nobody has decided "
        f"{action.summary!s} yet.\n{public_url}/dashboard/actions/{action.id}"
    )
    return Composed(text, (), mentions, MANAGERS_LABEL)


def pause(
    reason: str,
    name: str,
    *,
    username: str,
    account_id: str,
    public_url: str,
    mentions: tuple[Mention, ...],
) -> Composed:
    text = (
        f"⏸ Allowance paused · @{username}: {name}\n"
        f"Why: {reason}\n"
        "New matching actions wait for a person until someone resumes it: "
        f"{public_url}/dashboard/accounts#{account_id}"
    )
    return Composed(text, (), mentions, MANAGERS_LABEL)
