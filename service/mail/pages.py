"""Each member's own mail preferences, and (in `countersign demo` only) the caught mails."""

from __future__ import annotations

import re

from starlette.responses import Response

from service.dashboard.web import Page, page
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.mail.notifications import mail_off_reason, preference_of, save_preference

ACTION_LINK = re.compile(r"https?://\S+/dashboard/actions/act_\w+")


def _minutes(p: Page, name: str, default: int) -> int:
    raw = p.field(name)
    if not raw:
        return default
    try:
        return int(raw)
    except ValueError:
        raise ApiError(
            ErrorCode.INVALID_PARAMETER, "Give a whole number of minutes.", param=name
        ) from None


@page()
async def notifications(p: Page) -> Response:
    preference = await preference_of(p.services.store, p.principal)
    async with p.services.store.reading() as uow:
        accounts = await uow.accounts.list(
            p.principal.workspace_id, only=p.principal.account_ids, limit=500
        )
    return await p.render(
        "notifications.html",
        pref=preference,
        accounts=accounts,
        mail_off=mail_off_reason(p.services.settings.smtp_url),
    )


@page()
async def save_notifications(p: Page) -> Response:
    chosen = None
    if p.field("scope") == "chosen":
        assert p.form is not None
        chosen = [str(a) for a in p.form.getlist("accounts")]
    reminder = None
    if p.field("reminder") == "on":
        reminder = _minutes(p, "reminder_minutes", 120)
    await save_preference(
        p.services.store,
        p.services.clock.now(),
        p.principal,
        new_approvals=p.field("new_approvals") or "each",
        digest_minutes=_minutes(p, "digest_minutes", 60),
        accounts=chosen,
        reminder_minutes=reminder,
    )
    return p.redirect("/dashboard/notifications", notice="Your notification settings are saved.")


@page()
async def demo_mails(p: Page) -> Response:
    box = p.dashboard.demo_mailbox
    if box is None:
        raise ApiError(ErrorCode.ROUTE_NOT_FOUND, "This page exists only in `countersign demo`.")
    mails = [
        {
            "subject": m.subject,
            "to": m.rcpt_to,
            "at": m.received_at,
            "text": m.text(),
            "links": list(dict.fromkeys(ACTION_LINK.findall(m.text()))),
        }
        for m in reversed(box.messages)
    ]
    return await p.render("demo_mails.html", mails=mails)
