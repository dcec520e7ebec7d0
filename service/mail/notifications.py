"""Who gets mail about a new action, and when: the members' preferences, and the mail rows the
dispatcher writes for each `action.created` event (in the transaction that marks the event
dispatched, so no mail is lost and none is written twice).

Defaults (no saved preference): owners and admins get each new approval as it comes and a
reminder 2 hours before a pending action expires; members assigned to some accounts get each
of theirs; other members get nothing until they opt in. A new action reaches only the members
it is routed to (service/people/routing.py: who can decide it and is on shift, else the
owners and admins at once, whatever their preference). Per member, for each new action (of
the accounts they chose, or all):

- `each`: one mail now (`pending`, due at once);
- `digest`: the approval is `held` until `digest_minutes` after it was created; the mailer then
  folds every held approval of that member into one digest mail;
- a reminder (`pending`, due `reminder_minutes` before the action expires; sent only if the
  action is still pending then).

An action a policy's allowance approved at creation asks nobody for anything: its
`action.created` event writes no mail (at agency volume that is thousands a day). An
`action.escalated` event writes one mail now to each owner and admin.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from attrs import evolve

from service.domain.events import Event
from service.domain.ids import new_id
from service.domain.principal import Principal
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.mail.compose import PAUSED
from service.mail.models import Mail, MailPreference
from service.mail.statuses import Trigger, dest
from service.people.routing import managers_of, who_hears
from service.ports import Store, UnitOfWork

DEFAULT_DIGEST_MINUTES = 60
DEFAULT_REMINDER_MINUTES = 120
DECIDERS = ("owner", "admin")
PAUSED_EVENT = "allowance.paused"
"""Written by service/actions/policies/pausing.py (features share no code: the name is the contract)."""


def defaults_for(
    workspace_id: str, user_id: str, role: str, assigned: bool = False
) -> MailPreference:
    """The role's default; a member assigned to some accounts is on that team to decide its
    actions, so hears of each one (on shift) unless they choose otherwise."""
    decider = role in DECIDERS
    return MailPreference(
        workspace_id=workspace_id,
        user_id=user_id,
        new_approvals="each" if decider or assigned else "off",
        digest_minutes=DEFAULT_DIGEST_MINUTES,
        accounts=None,
        reminder_minutes=DEFAULT_REMINDER_MINUTES if decider else None,
    )


def _parse_time(value: object) -> dt.datetime | None:
    if not isinstance(value, str):
        return None
    try:
        return dt.datetime.fromisoformat(value)
    except ValueError:
        return None


def _mail(
    event: Event, user_id: str, to: str, kind: str, status: str, due: dt.datetime, now: dt.datetime
) -> Mail:
    return Mail(
        id=new_id("mail_"),
        workspace_id=event.workspace_id,
        user_id=user_id,
        to_address=to,
        kind=kind,
        action_ids=[str(event.data["id"])],
        mode=event.mode,
        status=status,
        attempts=0,
        next_attempt_at=due,
        created_at=now,
    )


async def queue_mails(uow: UnitOfWork, event: Event, now: dt.datetime) -> int:
    """The mail rows one `action.created`, `action.escalated` or `allowance.paused` event asks
    for; returns how many were written. A new action reaches whom service/people/routing.py
    routes it to."""
    if event.type == PAUSED_EVENT and isinstance(event.data, dict):
        return await _paused_mails(uow, event, now)
    if not isinstance(event.data, dict) or event.data.get("status") != "pending":
        return 0  # approved by an allowance (or decided since): nothing to ask
    if event.type == "action.escalated":
        return await _escalation_mails(uow, event, now)
    if event.type != "action.created":
        return 0
    action = await uow.actions.get(event.workspace_id, str(event.data["id"]))
    if action is None:
        return 0
    routing = await who_hears(
        uow, action.workspace_id, action.account_id, action.approvers, action.requested_by_user, now
    )
    expires_at = _parse_time(event.data.get("expiresAt"))
    saved = await uow.mail_preferences.of_workspace(event.workspace_id)
    written = 0
    for member in routing.to:
        if not member.email:
            continue
        pref = saved.get(member.user_id) or defaults_for(
            event.workspace_id, member.user_id, member.role, member.account_ids is not None
        )
        if routing.fallback:  # nobody who can decide is on shift: the managers, at once
            pref = evolve(pref, new_approvals="each", accounts=None)
        if pref.accounts is not None and event.account_id not in pref.accounts:
            continue
        mails = []
        if pref.new_approvals == "each":
            mails.append(
                _mail(
                    event, member.user_id, member.email, "approval", dest(Trigger.QUEUE), now, now
                )
            )
        elif pref.new_approvals == "digest":
            due = now + dt.timedelta(minutes=pref.digest_minutes)
            mails.append(
                _mail(event, member.user_id, member.email, "approval", dest(Trigger.HOLD), due, now)
            )
        if pref.reminder_minutes is not None and expires_at is not None:
            due = max(now, expires_at - dt.timedelta(minutes=pref.reminder_minutes))
            mails.append(
                _mail(
                    event, member.user_id, member.email, "reminder", dest(Trigger.QUEUE), due, now
                )
            )
        for mail in mails:
            await uow.mails.add(mail)
        written += len(mails)
    return written


async def _escalation_mails(uow: UnitOfWork, event: Event, now: dt.datetime) -> int:
    """One mail now to each owner and admin, whatever their preferences and shifts."""
    managers = [m for m in await managers_of(uow, event.workspace_id) if m.email]
    for member in managers:
        await uow.mails.add(
            _mail(event, member.user_id, member.email, "escalation", dest(Trigger.QUEUE), now, now)
        )
    return len(managers)


async def _paused_mails(uow: UnitOfWork, event: Event, now: dt.datetime) -> int:
    """An allowance was paused: every owner and admin hears of it at once, whatever their
    preferences for approvals (it changes who must decide from now on)."""
    action_id = event.data.get("lastActionId")
    if not isinstance(action_id, str):
        return 0
    written = 0
    for member in await uow.members.list(event.workspace_id):
        if member.role not in DECIDERS or not member.email:
            continue
        mail = Mail(
            id=new_id("mail_"),
            workspace_id=event.workspace_id,
            user_id=member.user_id,
            to_address=member.email,
            kind=PAUSED,
            action_ids=[action_id],
            mode=event.mode,
            status=dest(Trigger.QUEUE),
            attempts=0,
            next_attempt_at=now,
            created_at=now,
        )
        await uow.mails.add(mail)
        written += 1
    return written


async def fold_digests(store: Store, now: dt.datetime) -> int:
    """Fold each member's held approvals, once the oldest is due, into one digest mail (one
    transaction per member: the conditional fold and the digest row)."""
    async with store.reading() as uow:
        due = await uow.mails.held_due(now)
    made = 0
    for workspace_id, user_id in due:
        async with store.transaction() as uow:
            held = await uow.mails.fold_held(workspace_id, user_id)
            if not held:
                continue  # another mailer folded them
            first = min(held, key=lambda m: (m.created_at, m.id))
            action_ids = [a for m in sorted(held, key=lambda m: m.created_at) for a in m.action_ids]
            await uow.mails.add(
                Mail(
                    id=new_id("mail_"),
                    workspace_id=workspace_id,
                    user_id=user_id,
                    to_address=first.to_address,
                    kind="digest",
                    action_ids=list(dict.fromkeys(action_ids)),
                    mode="test" if all(m.mode == "test" for m in held) else "live",
                    status=dest(Trigger.QUEUE),
                    attempts=0,
                    next_attempt_at=now,
                    created_at=now,
                )
            )
            made += 1
    return made


# --- a member's own preferences (the dashboard) -------------------------------------------


async def preference_of(store: Store, principal: Principal) -> MailPreference:
    workspace_id, user_id = principal.workspace_id, principal.user_id or ""
    async with store.reading() as uow:
        saved = await uow.mail_preferences.get(workspace_id, user_id)
    return saved or defaults_for(
        workspace_id, user_id, principal.role or "member", principal.account_ids is not None
    )


async def save_preference(
    store: Store,
    now: dt.datetime,
    principal: Principal,
    *,
    new_approvals: str,
    digest_minutes: int,
    accounts: Sequence[str] | None,
    reminder_minutes: int | None,
) -> MailPreference:
    """Every member sets their own; nobody sets another's."""
    if principal.user_id is None:
        raise ApiError(ErrorCode.NOT_SIGNED_IN)
    if new_approvals not in ("each", "digest", "off"):
        raise ApiError(
            ErrorCode.INVALID_PARAMETER, "Choose each, digest or off.", param="newApprovals"
        )
    if not 5 <= digest_minutes <= 24 * 60:
        raise ApiError(
            ErrorCode.INVALID_PARAMETER,
            "A digest goes out every 5 to 1,440 minutes.",
            param="digestMinutes",
        )
    if reminder_minutes is not None and not 5 <= reminder_minutes <= 23 * 60:
        raise ApiError(
            ErrorCode.INVALID_PARAMETER,
            "A reminder comes 5 minutes to 23 hours before expiry.",
            param="reminderMinutes",
        )
    preference = MailPreference(
        workspace_id=principal.workspace_id,
        user_id=principal.user_id,
        new_approvals=new_approvals,
        digest_minutes=digest_minutes,
        accounts=None if accounts is None else sorted(set(accounts)),
        reminder_minutes=reminder_minutes,
        updated_at=now,
    )
    async with store.transaction() as uow:
        await uow.mail_preferences.save(preference)
    return preference


def mail_off_reason(smtp_url: str | None) -> str | None:
    """What the dashboard says when mail is off (None: mail is on)."""
    if smtp_url is None:
        return "Mail is off: COUNTERSIGN_SMTP_URL is not set, so no mail is sent."
    return None
