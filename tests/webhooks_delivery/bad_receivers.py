"""Receivers that misbehave at the socket level, served by raw asyncio streams in the test's own
loop: one that drips its answer a byte at a time, one whose answer never ends, one that never
answers. Each counts what it wrote and notes when the sender hung up."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

HEAD = b"HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ncontent-length: 400000000\r\n\r\n"


class BadReceiver:
    def __init__(self, kind: str, drip_seconds: float = 0.2) -> None:
        self.kind = kind
        self.drip_seconds = drip_seconds
        self.written = 0
        self.requests = 0
        self.hung_up = asyncio.Event()

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            await reader.readuntil(b"\r\n\r\n")
            self.requests += 1
            if self.kind == "silent":
                await reader.read()  # until the sender hangs up
                return
            writer.write(HEAD)
            chunk = b"x" if self.kind == "drip" else b"x" * 65536
            while True:
                writer.write(chunk)
                await writer.drain()
                self.written += len(chunk)
                if self.kind == "drip":
                    await asyncio.sleep(self.drip_seconds)
        except (ConnectionError, asyncio.IncompleteReadError):
            pass
        finally:
            self.hung_up.set()
            writer.close()


@contextlib.asynccontextmanager
async def serving(kind: str, **options) -> AsyncIterator[tuple[BadReceiver, str]]:
    bad = BadReceiver(kind, **options)
    server = await asyncio.start_server(bad.handle, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    try:
        yield bad, f"http://127.0.0.1:{port}/hook"
    finally:
        server.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(server.wait_closed(), 2)
