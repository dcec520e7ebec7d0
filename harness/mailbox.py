"""A real SMTP server (aiosmtpd) on 127.0.0.1 that keeps what it receives: the tests read it,
and `countersign demo` shows it on a page. It can refuse the next mails on command (a 451, as
a busy server would) to exercise retries.

    with Mailbox() as box:            # box.url is smtp://127.0.0.1:<port>
        ...
        box.messages[-1]["Subject"]
"""

from __future__ import annotations

import datetime as dt
import socket
import threading
from email import message_from_bytes, policy
from email.message import EmailMessage
from typing import Any, Self

from aiosmtpd.controller import Controller
from attrs import define, field


@define
class Caught:
    mail_from: str
    rcpt_to: list[str]
    raw: bytes
    received_at: dt.datetime

    @property
    def message(self) -> EmailMessage:
        """Parsed when read, not when received: the server thread stays cheap."""
        message = message_from_bytes(self.raw, policy=policy.default)
        assert isinstance(message, EmailMessage)
        return message

    @property
    def subject(self) -> str:
        return str(self.message["Subject"] or "").strip()  # a folded header starts with a space

    def text(self) -> str:
        part = self.message.get_body(preferencelist=("plain",))
        return part.get_content() if part is not None else ""

    def html(self) -> str:
        part = self.message.get_body(preferencelist=("html",))
        return part.get_content() if part is not None else ""


def _free_port(host: str) -> int:
    with socket.socket() as sock:
        sock.bind((host, 0))
        return int(sock.getsockname()[1])


@define
class Mailbox:
    host: str = "127.0.0.1"
    port: int = 0
    refuse_next: int = 0
    """How many of the next mails get `refusal` instead of 250."""
    refusal: str = "451 4.3.0 Busy, try again later"
    messages: list[Caught] = field(factory=list)
    _lock: threading.Lock = field(factory=threading.Lock)
    _controller: Controller | None = None

    @property
    def url(self) -> str:
        return f"smtp://{self.host}:{self.port}"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        with self._lock:
            if self.refuse_next > 0:
                self.refuse_next -= 1
                return self.refusal
            self.messages.append(
                Caught(
                    envelope.mail_from,
                    list(envelope.rcpt_tos),
                    bytes(envelope.content),
                    dt.datetime.now(dt.UTC),
                )
            )
        return "250 OK"

    def to(self, address: str) -> list[Caught]:
        with self._lock:
            return [m for m in self.messages if address in m.rcpt_to]

    def start(self) -> Self:
        if not self.port:
            self.port = _free_port(self.host)
        self._controller = Controller(self, hostname=self.host, port=self.port)
        self._controller.start()
        return self

    def stop(self) -> None:
        if self._controller is not None:
            self._controller.stop()
            self._controller = None

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
