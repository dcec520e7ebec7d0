"""uvicorn as `serve` runs it: a client that never finishes its headers is cut off
(slowloris), while ordinary and keep-alive requests are served."""

from __future__ import annotations

import socket

from starlette.applications import Starlette
from starlette.responses import PlainTextResponse
from starlette.routing import Route

from harness.threaded import serve_in_thread
from service.runtime.serving import HeaderDeadline, uvicorn_options
from service.settings import Settings

SETTINGS = Settings(secret_key="serving-test", stop_grace=7.5)


class QuickDeadline(HeaderDeadline):
    header_timeout = 0.3


async def hello(request):
    return PlainTextResponse("hello")


APP = Starlette(routes=[Route("/", hello)])
SLOW_HEAD = b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: "
REQUEST = b"GET / HTTP/1.1\r\nHost: x\r\n\r\n"


def connect(base: str) -> socket.socket:
    host, port = base.removeprefix("http://").split(":")
    sock = socket.create_connection((host, int(port)), timeout=10)
    return sock


def read_response(sock: socket.socket) -> bytes:
    data = b""
    while b"hello" not in data:
        chunk = sock.recv(4096)
        if not chunk:
            break
        data += chunk
    return data


def test_serve_uses_the_header_deadline_and_the_stop_grace():
    assert uvicorn_options(SETTINGS)["http"] is HeaderDeadline
    assert uvicorn_options(SETTINGS)["timeout_keep_alive"] == 5
    assert uvicorn_options(SETTINGS)["timeout_graceful_shutdown"] == 7.5


def test_a_head_never_finished_is_cut_off_and_whole_requests_are_served():
    options = {**uvicorn_options(SETTINGS), "http": QuickDeadline}
    del options["timeout_graceful_shutdown"]  # the thread server sets its own (harness/threaded)
    with serve_in_thread(APP, name="deadline", **options) as base:
        slow = connect(base)
        slow.sendall(SLOW_HEAD)  # and never the rest
        assert slow.recv(4096) == b""  # closed by the server, without a response
        slow.close()

        silent = connect(base)  # connects and sends nothing at all
        assert silent.recv(4096) == b""
        silent.close()

        kept = connect(base)
        for _ in range(2):  # two requests on one keep-alive connection
            kept.sendall(REQUEST)
            assert b"200 OK" in read_response(kept)
        kept.close()
