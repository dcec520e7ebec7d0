"""Sending one mail over SMTP with aiosmtplib, and telling a refusal to retry from a final one.

COUNTERSIGN_SMTP_URL picks the transport: `smtp://` (plain, port 25), `smtp+starttls://`
(STARTTLS required, port 587) or `smtps://` (TLS from the first byte, port 465); a user and
password in the URL (URL-encoded) log in. Each mail is one SMTP conversation under one deadline
(COUNTERSIGN_MAIL_TIMEOUT), so a slow or unreachable server holds only the mailer's own task.
"""

from __future__ import annotations

import asyncio
import ssl
from email.message import Message
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
    message: Message,
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


class Session:
    """One SMTP connection reused for several mails (SMTP allows many per session), opened on
    first use and again after any failure; each mail still has its own deadline."""

    def __init__(self, server: SmtpServer, *, deadline: float) -> None:
        self.server = server
        self.deadline = deadline
        self._client: aiosmtplib.SMTP | None = None

    async def send(self, message: Message) -> None:
        try:
            async with asyncio.timeout(self.deadline):
                client = await self._connected()
                await client.send_message(message)
        except aiosmtplib.SMTPRecipientsRefused as exc:
            await self.close()
            final = all(500 <= r.code < 600 for r in exc.recipients)
            raise MailRefused(f"recipient refused: {exc.recipients[0]}", final=final) from None
        except aiosmtplib.SMTPResponseException as exc:
            await self.close()
            raise MailRefused(f"{exc.code} {exc.message}", final=500 <= exc.code < 600) from None
        except (aiosmtplib.SMTPException, OSError, TimeoutError) as exc:
            await self.close()
            raise MailRefused(f"{type(exc).__name__}: {exc}"[:300], final=False) from None

    async def _connected(self) -> aiosmtplib.SMTP:
        if self._client is not None and self._client.is_connected:
            return self._client
        server = self.server
        client = aiosmtplib.SMTP(
            hostname=server.host,
            port=server.port,
            use_tls=server.use_tls,
            start_tls=server.start_tls,
            timeout=self.deadline,
        )
        await client.connect()
        if server.username is not None:
            await client.login(server.username, server.password or "")
        self._client = client
        return client

    async def close(self) -> None:
        client, self._client = self._client, None
        if client is None or not client.is_connected:
            return
        try:
            async with asyncio.timeout(self.deadline):
                await client.quit()
        except (aiosmtplib.SMTPException, OSError, TimeoutError):
            client.close()
