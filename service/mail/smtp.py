"""Sending one mail over SMTP with aiosmtplib, and telling a refusal to retry from a final one.

COUNTERSIGN_SMTP_URL picks the transport: `smtp://` (plain, port 25), `smtp+starttls://`
(STARTTLS required, port 587) or `smtps://` (TLS from the first byte, port 465); a user and
password in the URL (URL-encoded) log in. Each mail is one SMTP conversation under one deadline
(COUNTERSIGN_MAIL_TIMEOUT), so a slow or unreachable server holds only the mailer's own task.
"""

from __future__ import annotations

import ssl
from email.message import EmailMessage
from urllib.parse import unquote, urlsplit

import aiosmtplib
from attrs import frozen

SCHEMES = {"smtp": 25, "smtp+starttls": 587, "smtps": 465}


class SmtpUrlError(ValueError):
    pass


@frozen
class SmtpServer:
    host: str
    port: int
    use_tls: bool
    start_tls: bool
    username: str | None = None
    password: str | None = None


def parse_smtp_url(url: str) -> SmtpServer:
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as exc:
        raise SmtpUrlError(str(exc)) from None
    if parts.scheme not in SCHEMES or not parts.hostname:
        raise SmtpUrlError("use smtp://, smtp+starttls:// or smtps:// with a host")
    return SmtpServer(
        host=parts.hostname,
        port=port or SCHEMES[parts.scheme],
        use_tls=parts.scheme == "smtps",
        start_tls=parts.scheme == "smtp+starttls",
        username=unquote(parts.username) if parts.username else None,
        password=unquote(parts.password) if parts.password else None,
    )


class MailRefused(Exception):
    """The server did not take the mail. `final`: it never will (a 5xx answer); otherwise
    (a 4xx answer, no connection, the deadline) a later attempt may succeed."""

    def __init__(self, message: str, *, final: bool) -> None:
        super().__init__(message)
        self.final = final


async def send(
    server: SmtpServer,
    message: EmailMessage,
    *,
    deadline: float,
    tls: ssl.SSLContext | None = None,
) -> None:
    """One SMTP conversation, `deadline` seconds at most (aiosmtplib's own timeout)."""
    try:
        await aiosmtplib.send(
            message,
            hostname=server.host,
            port=server.port,
            username=server.username,
            password=server.password,
            use_tls=server.use_tls,
            start_tls=server.start_tls,
            timeout=deadline,
            tls_context=tls,
        )
    except aiosmtplib.SMTPRecipientsRefused as exc:
        codes = [r.code for r in exc.recipients]
        final = all(500 <= code < 600 for code in codes)
        raise MailRefused(f"recipient refused: {exc.recipients[0]}", final=final) from None
    except aiosmtplib.SMTPResponseException as exc:
        raise MailRefused(f"{exc.code} {exc.message}", final=500 <= exc.code < 600) from None
    except (aiosmtplib.SMTPException, OSError, TimeoutError) as exc:
        raise MailRefused(f"{type(exc).__name__}: {exc}"[:300], final=False) from None
