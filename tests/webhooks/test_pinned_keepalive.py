"""Keep-alive webhook connections stay pinned: a connection is reused only for the same host name
at an address the SSRF guard approved for that very send. A receiver here is a raw asyncio
server that answers every request on a connection and counts connections and requests, so a
test sees exactly which connection each send used."""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
from collections.abc import AsyncIterator

import httpx

from service.kit.crypto import SecretBox
from service.webhooks.pinned import PinnedClients
from service.webhooks.sender import BODY_LIMIT, Sender


class KeepAliveReceiver:
    """Answers `200 ok` to every request, keeping the connection open (HTTP/1.1 default)."""

    def __init__(self, answer: bytes = b"ok") -> None:
        self.answer = answer
        self.connections = 0
        self.requests: list[tuple[int, dict[str, str]]] = []  # (connection number, headers)

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        number = self.connections
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                lines = head.decode("latin-1").split("\r\n")[1:]
                headers = {
                    k.lower(): v.strip() for k, _, v in (x.partition(":") for x in lines if x)
                }
                await reader.readexactly(int(headers.get("content-length", "0")))
                self.requests.append((number, headers))
                length = len(self.answer)
                writer.write(b"HTTP/1.1 200 OK\r\ncontent-length: %d\r\n\r\n" % length)
                writer.write(self.answer)
                await writer.drain()
        except (ConnectionError, asyncio.IncompleteReadError):
            pass
        finally:
            writer.close()


@contextlib.asynccontextmanager
async def serving(receiver: KeepAliveReceiver, host: str, port: int = 0) -> AsyncIterator[int]:
    server = await asyncio.start_server(receiver.handle, host, port)
    try:
        yield server.sockets[0].getsockname()[1]
    finally:
        server.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(server.wait_closed(), 2)


def resolver(answers: dict[str, str]):
    async def resolve(host: str, port: int) -> list[str]:
        return [answers[host]]

    return resolve


async def send(sender: Sender, url: str, n: int = 0) -> int | None:
    outcome = await sender.send(
        url,
        f'{{"n": {n}}}',
        event="action.executed",
        delivery_id=f"dlv_{n}",
        secrets=["whsec_test"],
        timestamp=1,
    )
    assert outcome.error is None, outcome.error
    return outcome.status_code


async def test_sends_to_one_host_reuse_one_connection():
    receiver = KeepAliveReceiver()
    async with (
        serving(receiver, "127.0.0.1") as port,
        httpx.AsyncClient() as shared,
        PinnedClients() as clients,
    ):
        sender = Sender(
            shared,
            box=SecretBox("k"),
            public_url="http://countersign.test",
            allow_loopback=True,
            clients=clients,
            resolver=resolver({"hooks.test": "127.0.0.1"}),
        )
        for n in range(3):
            assert await send(sender, f"http://hooks.test:{port}/h", n) == 200
    assert receiver.connections == 1 and len(receiver.requests) == 3
    assert all(h["host"] == f"hooks.test:{port}" for _, h in receiver.requests)
    assert all("close" not in h.get("connection", "") for _, h in receiver.requests)


async def test_without_pinned_clients_each_send_has_its_own_connection():
    receiver = KeepAliveReceiver()
    async with serving(receiver, "127.0.0.1") as port, httpx.AsyncClient() as shared:
        sender = Sender(
            shared, box=SecretBox("k"), public_url="http://countersign.test", allow_loopback=True
        )  # test sends
        for n in range(2):
            assert await send(sender, f"http://127.0.0.1:{port}/h", n) == 200
    assert receiver.connections == 2
    assert [h["connection"] for _, h in receiver.requests] == ["close", "close"]


async def test_another_host_name_at_the_same_address_gets_its_own_connection():
    receiver = KeepAliveReceiver()
    async with (
        serving(receiver, "127.0.0.1") as port,
        httpx.AsyncClient() as shared,
        PinnedClients() as clients,
    ):
        names = {"a.test": "127.0.0.1", "b.test": "127.0.0.1"}
        sender = Sender(
            shared,
            box=SecretBox("k"),
            public_url="http://countersign.test",
            allow_loopback=True,
            clients=clients,
            resolver=resolver(names),
        )
        for n, host in enumerate(["a.test", "b.test", "a.test", "b.test"]):
            assert await send(sender, f"http://{host}:{port}/h", n) == 200
    by_connection = {}
    for number, headers in receiver.requests:
        by_connection.setdefault(number, set()).add(headers["host"].split(":")[0])
    assert receiver.connections == 2 and len(clients) == 0  # closed on exit
    assert sorted(by_connection.values(), key=sorted) == [{"a.test"}, {"b.test"}]


async def test_a_changed_dns_answer_is_never_sent_over_the_old_connection():
    """The guard runs before each send; when the name moves to another approved address, the
    send goes to that address, not down the kept-alive connection to the old one."""
    old, new = KeepAliveReceiver(b"old"), KeepAliveReceiver(b"new")
    answers = {"hooks.test": "127.0.0.1"}
    async with (
        serving(old, "127.0.0.1") as port,
        serving(new, "127.0.0.2", port),
        httpx.AsyncClient() as shared,
        PinnedClients() as clients,
    ):
        sender = Sender(
            shared,
            box=SecretBox("k"),
            public_url="http://countersign.test",
            allow_loopback=True,
            clients=clients,
            resolver=resolver(answers),
        )
        assert await send(sender, f"http://hooks.test:{port}/h", 1) == 200
        answers["hooks.test"] = "127.0.0.2"
        assert await send(sender, f"http://hooks.test:{port}/h", 2) == 200
        answers["hooks.test"] = "127.0.0.1"
        assert await send(sender, f"http://hooks.test:{port}/h", 3) == 200
    assert [n for n, _ in old.requests] == [1, 1], "back on the first address: its connection"
    assert [n for n, _ in new.requests] == [1]


async def test_an_answer_cut_at_the_limit_closes_its_connection():
    receiver = KeepAliveReceiver(b"x" * (BODY_LIMIT * 4))
    async with (
        serving(receiver, "127.0.0.1") as port,
        httpx.AsyncClient() as shared,
        PinnedClients() as clients,
    ):
        sender = Sender(
            shared,
            box=SecretBox("k"),
            public_url="http://countersign.test",
            allow_loopback=True,
            clients=clients,
        )
        for n in range(2):
            assert await send(sender, f"http://127.0.0.1:{port}/h", n) == 200
    assert receiver.connections == 2, "the unread rest went away with its connection"


async def test_a_client_serves_one_send_at_a_time_and_idle_ones_are_bounded():
    url = httpx.URL("http://hooks.test/")
    first, second, third = (ipaddress.ip_address(f"127.0.0.{n}") for n in (1, 2, 3))
    async with PinnedClients(max_idle=2) as clients:
        async with clients.client(url, first) as one, clients.client(url, first) as two:
            assert one is not two, "two sends in flight never share a connection"
        assert len(clients) == 2
        async with clients.client(url, first) as again:
            assert again in (one, two), "an idle client of the same key is reused"
        for address in (second, third):
            async with clients.client(url, address):
                pass
        assert len(clients) == 2, "the least recently used idle clients were closed"
        try:
            async with clients.client(url, third) as broken:
                raise httpx.ReadError("the connection broke")
        except httpx.ReadError:
            pass
        async with clients.client(url, third) as fresh:
            assert fresh is not broken, "a client whose send failed is not kept"
