"""Stopping with MCP streams open. A standing stream (a GET: it carries only what the server
sends unasked) ends the moment a stop begins, as if its client had left; a call's stream (a
POST) ends by itself once its answer is sent, a `wait_for_action` answering at once
(service/actions/waiting.py). So a stop neither holds until the grace runs out for a stream
that never ends, nor cuts a call's stream before its answer.

sse-starlette, whose streams the MCP SDK serves, would end every stream the moment SIGTERM
arrives instead, racing the answer a stopped wait was about to send: the client read "SSE
stream ended without a response". service/runtime/serving.py turns that off."""

from __future__ import annotations

import asyncio

from starlette.types import Message, Receive, Send

DISCONNECT: Message = {"type": "http.disconnect"}


class StandingStreams:
    def __init__(self) -> None:
        self._stopping = asyncio.Event()

    def stop(self) -> None:
        self._stopping.set()

    def receive(self, receive: Receive) -> Receive:
        """`receive` for a standing stream: what the client sends, or a disconnect once the
        stop begins."""

        async def until_stop() -> Message:
            if self._stopping.is_set():
                return DISCONNECT
            incoming = asyncio.ensure_future(receive())
            stopping = asyncio.ensure_future(self._stopping.wait())
            try:
                await asyncio.wait({incoming, stopping}, return_when=asyncio.FIRST_COMPLETED)
            finally:
                for waiting in (incoming, stopping):
                    if not waiting.done():
                        waiting.cancel()
            if incoming.done() and not incoming.cancelled():
                return incoming.result()
            return DISCONNECT

        return until_stop


class Completion:
    """`send` for a standing stream, and `finish` to end its response once the app returns.

    A stream ended by the stop sees a disconnect that uvicorn never saw, so the SDK returns
    with the response open and uvicorn logs "ASGI callable returned without completing
    response" as an ERROR: `finish` sends the empty last body the stream never sent."""

    def __init__(self, send: Send) -> None:
        self._send = send
        self.started = self.completed = False

    async def send(self, message: Message) -> None:
        if message["type"] == "http.response.start":
            self.started = True
        elif message["type"] == "http.response.body" and not message.get("more_body", False):
            self.completed = True
        await self._send(message)

    async def finish(self) -> None:
        if self.started and not self.completed:
            await self.send({"type": "http.response.body", "body": b"", "more_body": False})
