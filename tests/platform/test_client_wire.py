"""PlatformClient on the wire, against a raw TCP server: a dropped connection is never sent
again, Retry-After and the refused-write rule come from the answer, no cookie is kept, no
redirect followed, and the query and body arrive as sent."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

import pytest

from service.platform import PlatformClient, PlatformUnavailable


class RawPlatform:
    """A TCP server that reads each request and answers it with `answer` (raw bytes; an empty
    answer closes the connection unanswered). It keeps every request's head and body."""

    def __init__(self, answer: bytes) -> None:
        self.answer = answer
        self.heads: list[bytes] = []
        self.bodies: list[bytes] = []

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                self.heads.append(head)
                length = next(
                    (
                        int(line.split(b":", 1)[1])
                        for line in head.split(b"\r\n")
                        if line.lower().startswith(b"content-length:")
                    ),
                    0,
                )
                self.bodies.append(await reader.readexactly(length))
                if not self.answer:
                    return
                writer.write(self.answer)
                await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError):
            return
        finally:
            writer.close()

    @contextlib.asynccontextmanager
    async def running(self) -> AsyncIterator[str]:
        server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        try:
            yield f"http://127.0.0.1:{port}"
        finally:
            server.close()
            await server.wait_closed()


def answer(status: str, body: bytes = b"{}", *headers: str) -> bytes:
    head = [f"HTTP/1.1 {status}", "Content-Type: application/json", *headers]
    head.append(f"Content-Length: {len(body)}")
    return ("\r\n".join(head) + "\r\n\r\n").encode() + body


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("route", "path_params", "body", "maybe_applied"),
    [
        ("DELETE /messages/:id", {"id": "5"}, None, True),
        ("PUT /messages/queue/:id", {"id": "5"}, {"text": "<p>x</p>"}, True),
        ("POST /chats/:id/messages", {"id": "5"}, {"text": "<p>x</p>"}, True),
        ("GET /users/me", None, None, False),
    ],
)
async def test_a_call_whose_connection_drops_is_sent_once_and_reported(
    http, route, path_params, body, maybe_applied
):
    # aiohttp resends an idempotent method (DELETE and PUT included) once by itself when the
    # connection drops; a write must reach the platform at most once.
    dropping = RawPlatform(b"")
    async with dropping.running() as url:
        with pytest.raises(PlatformUnavailable) as caught:
            await PlatformClient(url, http).request(
                route, session="s", path_params=path_params, body=body
            )
    assert len(dropping.heads) == 1
    assert caught.value.retryable and caught.value.may_have_applied is maybe_applied


@pytest.mark.asyncio
async def test_retry_after_and_the_refused_write_rule_come_from_the_answer(http):
    busy = RawPlatform(
        answer("503 Service Unavailable", b'{"error": {"code": "busy"}}', "Retry-After: 7")
    )
    async with busy.running() as url:
        with pytest.raises(PlatformUnavailable) as caught:
            await PlatformClient(url, http).request(
                "POST /chats/:id/messages", session="s", path_params={"id": "5"}, body={"text": "x"}
            )
    error = caught.value
    assert (error.upstream_status, error.upstream_code, error.retry_after) == (503, "busy", 7.0)
    assert error.retryable and not error.may_have_applied
    assert len(busy.heads) == 1


@pytest.mark.asyncio
async def test_no_cookie_is_kept_and_no_redirect_followed(http):
    cookies = RawPlatform(answer("200 OK", b'{"id": "1"}', "Set-Cookie: sid=creator-a; Path=/"))
    async with cookies.running() as url:
        client = PlatformClient(url, http)
        assert await client.request("GET /users/me", session="a") == {"id": "1"}
        assert await client.request("GET /users/me", session="b") == {"id": "1"}
    assert [b"cookie:" in head.lower() for head in cookies.heads] == [False, False]
    assert b"authorization: bearer b" in cookies.heads[1].lower()
    moved = RawPlatform(answer("302 Found", b"{}", "Location: /api/elsewhere"))
    async with moved.running() as url:
        with pytest.raises(PlatformUnavailable) as caught:
            await PlatformClient(url, http).request("GET /users/me", session="s")
    assert caught.value.upstream_status == 302 and len(moved.heads) == 1


@pytest.mark.asyncio
async def test_query_and_body_reach_the_platform_as_sent(http):
    echo = RawPlatform(answer("200 OK", b"{}"))
    async with echo.running() as url:
        await PlatformClient(url, http).request(
            "GET /chats/:id/messages",
            session="s",
            path_params={"id": "a/b c"},
            query={"limit": 10, "order": "desc", "skip": None},
        )
        await PlatformClient(url, http).request(
            "POST /chats/:id/messages",
            session="s",
            path_params={"id": "7"},
            body={"text": "<p>héllo</p>", "price": 5},
        )
    first, second = (head.decode().split("\r\n")[0] for head in echo.heads)
    assert first == "GET /api/chats/a%2Fb%20c/messages?limit=10&order=desc HTTP/1.1"
    assert second == "POST /api/chats/7/messages HTTP/1.1"
    assert b"content-type: application/json" in echo.heads[1].lower()
    assert echo.bodies[1] == '{"text":"<p>héllo</p>","price":5}'.encode()
