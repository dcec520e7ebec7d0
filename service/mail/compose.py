"""The words of a mail: what the approval page shows, in a text and an HTML part.

A mail names the account and the action in plain words (its summary, the message as the fan
will see it, price, estimated recipients, warnings) and links to the approval page, which asks
for sign-in. Nothing in a mail approves: there is no decision link, only the page's address.
Test-mode actions' mails say TEST in the subject and the first line.
"""

from __future__ import annotations

import datetime as dt
import html
import re
from collections.abc import Sequence
from email.header import Header
from email.message import Message
from email.mime.multipart import MIMEMultipart
from email.mime.text import MIMEText
from email.utils import formatdate, make_msgid

from attrs import frozen

from service.actions.model import Action
from service.domain.messages import sanitise
from service.domain.plain_text import money, text_lines

PAUSED = "paused"
"""The mail saying an allowance was paused (service/actions/policies/pausing.py)."""


@frozen
class Item:
    """One action as a mail shows it, with its account's handle."""

    action: Action
    username: str | None
    summary: str | None = None
    """The summary as stored: fans and lists by their synced names, as everywhere else."""

    @property
    def shown(self) -> str:
        return self.summary or self.action.summary


def _left(expires_at: dt.datetime, now: dt.datetime) -> str:
    minutes = max(0, int((expires_at - now).total_seconds() // 60))
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min" if hours else f"{minutes} min"


def _timing(action: Action, now: dt.datetime) -> str:
    """When the decision is due: a scheduled action is open for approval until it runs."""
    if action.run_at is None:
        return f"Expires in {_left(action.expires_at, now)}"
    runs = action.run_at.astimezone(dt.UTC).strftime("%d %b %Y, %H:%M UTC")
    return f"Runs at {runs}: approve before then, in {_left(action.expires_at, now)}"


def _url(public_url: str, action: Action) -> str:
    return f"{public_url}/dashboard/actions/{action.id}"


def _quorum(action: Action) -> str:
    """How many approvals the action still needs, under its approval policy."""
    needed = action.approvals_needed
    who = " (admins and owners only)" if action.approvers == "admins" else ""
    if action.approvals_required == 1:
        return f"1 approval needed{who}"
    return f"{needed} more of {action.approvals_required} needed, from different people{who}"


def _text_item(item: Item, public_url: str, now: dt.datetime) -> str:
    a = item.action
    lines = [f"{item.shown}", f"  Account: @{item.username or a.account_id}"]
    text = a.params.get("text") if isinstance(a.params, dict) else None
    if isinstance(text, str):
        lines.append("  The message as the fan will see it:")
        lines += [f"    {line}" for line in text_lines(sanitise(text)).splitlines()]
    lines.append(f"  Price: {money(a.price)}")
    recipients = "unknown" if a.estimated_recipients is None else str(a.estimated_recipients)
    lines.append(f"  Estimated recipients: {recipients}")
    for warning in a.warnings:
        lines.append(f"  Check this: {warning.get('message', '')}")
    lines.append(f"  Approvals: {_quorum(a)}")
    lines.append(f"  {_timing(a, now)}")
    lines.append(f"  Review it (sign-in needed): {_url(public_url, a)}")
    return "\n".join(lines)


def _html_item(item: Item, public_url: str, now: dt.datetime) -> str:
    a = item.action
    e = html.escape
    parts = [
        f"<h2 style='font-size:16px'>{e(item.shown)}</h2>",
        f"<p>Account: <strong>@{e(item.username or a.account_id)}</strong></p>",
    ]
    text = a.params.get("text") if isinstance(a.params, dict) else None
    if isinstance(text, str):
        parts.append(
            "<p>The message as the fan will see it:</p>"
            "<blockquote style='border-left:3px solid #ccc;margin:0;padding:4px 12px'>"
            f"{sanitise(text)}</blockquote>"
        )
    recipients = "unknown" if a.estimated_recipients is None else str(a.estimated_recipients)
    parts.append(
        f"<p>Price: {e(money(a.price))} · Estimated recipients: {e(recipients)} · "
        f"{e(_timing(a, now))}</p>",
    )
    parts.append(f"<p>Approvals: {e(_quorum(a))}</p>")
    if a.warnings:
        parts.append(
            "<ul>"
            + "".join(
                f"<li><strong>Check this:</strong> {e(str(w.get('message', '')))}</li>"
                for w in a.warnings
            )
            + "</ul>"
        )
    parts.append(
        f"<p><a href='{e(_url(public_url, a))}'>Review it in Countersign</a> (sign-in needed)</p>"
    )
    return "\n".join(parts)


_CONTROL = re.compile(r"[\x00-\x1f\x7f]+")


class UnbuildableMail(ValueError):
    """An address no header can carry (a line break in it): the mail cannot be sent, ever."""


def _one_line(text: str) -> str:
    """Header text from values others control (a creator's username, an action's summary, a
    workspace's name): line breaks and other controls become a space, so no value can add a
    header or stop the mail from being written."""
    return _CONTROL.sub(" ", text)


def _address(value: str) -> str:
    if _CONTROL.search(value):
        raise UnbuildableMail("the address holds a control character")
    return value


def compose(
    kind: str,
    items: Sequence[Item],
    *,
    to: str,
    sender: str,
    mode: str,
    workspace: str,
    public_url: str,
    now: dt.datetime,
) -> Message:
    """`kind`: approval (one new action), reminder (one action about to expire), escalation
    (one action waiting too long), digest, or paused (an allowance paused; the item is the
    failed action that paused it)."""
    test = mode == "test"
    tag = "[TEST] " if test else ""
    first = items[0]
    handle = f"@{first.username or first.action.account_id}"
    if kind == PAUSED:
        rule = (first.action.decided_by or {}).get("name") or "An allowance"
        last = (first.action.error or {}).get("message") or "no message"
        subject = f"{tag}Allowance paused for {handle}: {rule}"
        intro = (
            f"Countersign paused “{rule}” of {handle} in {workspace}: the actions it approved "
            "started failing on the platform. New actions need a person until an owner or admin "
            f"resumes it on the Accounts page. The last failure: {last}"
        )
    elif kind == "digest":
        subject = f"{tag}{len(items)} approvals waiting in {workspace}"
        intro = f"{len(items)} actions in {workspace} are waiting for a decision."
    elif kind == "escalation":
        subject = f"{tag}Still waiting for {handle}: {first.shown}"
        intro = (
            f"An action for {handle} in {workspace} has waited longer than its policy allows "
            "and nobody has decided it yet."
        )
    elif kind == "reminder":
        subject = f"{tag}Expires in {_left(first.action.expires_at, now)}: {first.shown}"
        intro = f"This action for {handle} in {workspace} is still waiting and expires soon."
    else:
        subject = f"{tag}Approval needed for {handle}: {first.shown}"
        intro = f"An action for {handle} in {workspace} is waiting for a decision."
    if test:
        intro = "TEST MODE: this action runs in the sandbox, never on the platform. " + intro
    closing = "This mail cannot approve anything: decide on the page, signed in."
    text = "\n\n".join([intro, *(_text_item(i, public_url, now) for i in items), closing])
    body_html = (
        f"<p>{html.escape(intro)}</p>"
        + "<hr>".join(_html_item(i, public_url, now) for i in items)
        + f"<p style='color:#666'>{html.escape(closing)}</p>"
    )
    # email.mime on the compat32 policy: a tenth of EmailMessage's cost per mail (its header
    # registry parses and folds every header), measured by bench/mail.py.
    message = MIMEMultipart("alternative")
    subject = _one_line(subject)[:200]
    message["Subject"] = subject if subject.isascii() else Header(subject, "utf-8")  # type: ignore[assignment]
    message["From"] = _address(sender)
    message["To"] = _address(to)
    message["Date"] = formatdate(localtime=False)
    message["Message-ID"] = make_msgid(domain="countersign")
    if test:
        message["X-Countersign-Mode"] = "test"
    message.attach(MIMEText(text, "plain", "utf-8"))
    message.attach(MIMEText(f"<html><body>{body_html}</body></html>", "html", "utf-8"))
    return message
