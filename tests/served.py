"""The whole service on a real socket in a thread, over a database the test also opens.

The attacks' tests need a real server: uvicorn's own body reading, parallel requests on real
connections, and the process's memory. The socket is bound before the app is built, so
`public_url` carries the real port; startup is awaited on uvicorn's own event, never a sleep.
"""

from __future__ import annotations

import asyncio
import select
import socket
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

import attrs
from attrs import define

from harness.threaded import bound_socket, serve_in_thread
from service.app import create_app
from service.domain.clock import Clock
from service.settings import Settings


@contextmanager
def served(
    settings: Settings, clock: Clock, database_url: str, **changes: Any
) -> Iterator[tuple[str, Any]]:
    """(base URL, the served app) for `settings` with `changes`, on `database_url`."""
    sock = bound_socket()
    base_url = f"http://127.0.0.1:{sock.getsockname()[1]}"
    app = create_app(
        attrs.evolve(settings, database_url=database_url, public_url=base_url, **changes),
        clock=clock,
    )
    with serve_in_thread(app, name="countersign", sock=sock, lifespan="on"):
        yield base_url, app


@define
class RawAnswer:
    status: int
    head: str
    body: bytes
    closed: bool  # the server closed the connection after answering
    sent: int  # body bytes the client managed to write before the answer
    interrupted: bool = False
    """A write failed: the server closed while the client was still sending, which resets the
    connection and can throw away an answer the client had not read yet."""


async def raw_request(
    base_url: str,
    head: str,
    chunks: Iterable[bytes] = (),
    *,
    wait: float = 30.0,
    keep_sending: int = 0,
) -> RawAnswer:
    """Send `head` then `chunks` on one real connection, and stop sending as soon as the server
    answers or closes (as browsers do), or `keep_sending` chunks after (as a client that looks
    for an answer only between long writes); `wait` bounds the whole exchange. A plain socket
    in a thread, so the answer is read before the write that the server refused is noticed."""
    return await asyncio.to_thread(_exchange, base_url, head, iter(chunks), wait, keep_sending)


def _exchange(
    base_url: str, head: str, chunks: Iterator[bytes], wait: float, keep_sending: int
) -> RawAnswer:
    host, port = base_url.removeprefix("http://").split(":")
    sent = 0
    after_answer: int | None = None  # chunks written since the answer could be read
    interrupted = False
    with socket.create_connection((host, int(port)), timeout=wait) as sock:
        sock.sendall(head.encode())
        pending = b""
        while True:
            if not pending:
                pending = next(chunks, b"")
            readable, writable, _ = select.select([sock], [sock] if pending else [], [], wait)
            if readable and after_answer is None:
                after_answer = 0
            if after_answer is not None and after_answer >= keep_sending:
                break
            if not (pending or writable):
                break
            try:
                n = sock.send(pending[: 64 * 1024])
            except OSError:
                interrupted = True
                break
            sent += n
            pending = pending[n:]
            if after_answer is not None and not pending:
                after_answer += 1
        data = b""
        while b"\r\n\r\n" not in data:
            piece = sock.recv(65536)
            if not piece:
                raise ConnectionError(f"closed before an answer: {data!r}")
            data += piece
        head_bytes, _, body = data.partition(b"\r\n\r\n")
        headers = head_bytes.decode("latin-1")
        length = next(
            (
                int(line.split(":", 1)[1])
                for line in headers.split("\r\n")
                if line.lower().startswith("content-length:")
            ),
            0,
        )
        while len(body) < length:
            piece = sock.recv(65536)
            if not piece:
                break
            body += piece
        try:
            closed = sock.recv(1) == b""
        except ConnectionResetError:
            closed = True
    status = int(headers.split(" ", 2)[1])
    return RawAnswer(status, headers, body[:length], closed, sent, interrupted)
