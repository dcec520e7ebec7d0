"""The soak's load over HTTP, spread over both replicas: clients creating (and replaying)
actions, a person deciding each one through the dashboard's session, and a reader paging."""

from __future__ import annotations

import asyncio
import itertools
import re
import time
import uuid

import httpx

from bench.soak_cluster import Soak

CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


class Load:
    def __init__(self, soak: Soak, seeded: dict, owner: tuple[str, str]) -> None:
        self.soak, self.seeded, self.owner = soak, seeded, owner
        self.bases = [f"http://127.0.0.1:{p}" for p in soak.api_ports]
        self.auth = {"Authorization": f"Bearer {seeded['key']}"}
        self.counter = itertools.count(1)
        self.tag = uuid.uuid4().hex[:6]
        self.acked: dict[str, str] = {}  # idempotency key -> action id the client was given
        self.replays = {"same": 0, "different": 0}
        self.queue: asyncio.Queue[tuple[str, bool]] = asyncio.Queue()
        self.counts: dict[str, int] = {}
        self.errors: dict[str, int] = {}  # 5xx answers from our service
        self.transport: dict[str, int] = {}  # no answer (tried again on the other replica)

    def count(self, what: str, into: dict[str, int] | None = None) -> None:
        into = self.counts if into is None else into
        into[what] = into.get(what, 0) + 1

    def base(self, n: int) -> str:
        return self.bases[n % len(self.bases)]

    async def call(self, http: httpx.AsyncClient, n: int, method: str, path: str, **kw):
        """One request, tried again on the other replica after a transport error (never after
        an answer: a 5xx from our service is an error the soak reports)."""
        for attempt in range(3):
            try:
                response = await http.request(method, self.base(n + attempt) + path, **kw)
            except httpx.TransportError as exc:
                self.count(f"{method} {type(exc).__name__}", self.transport)
                await asyncio.sleep(0.2)
                continue
            route = re.sub(r"/(act|acc|fan|cht)_\w+|/\d+", "/{id}", path.split("?")[0])
            self.count(f"{method} {route} {response.status_code}")
            if response.status_code >= 500:
                self.count(f"{method} {route} {response.status_code}", self.errors)
            return response
        return None

    async def creator(self, http: httpx.AsyncClient, stop_at: float, pause: float) -> None:
        last: tuple[str, str, dict] | None = None  # key, account, body of this client's last
        while time.monotonic() < stop_at:
            n = next(self.counter)
            if last is not None and n % 8 == 0:  # the same request again: same key, same body
                key, account_id, body = last
            else:
                account = self.seeded["accounts"][n % len(self.seeded["accounts"])]
                key, account_id = f"{self.tag}-{n}", account["id"]
                fan = account["fans"][n % len(account["fans"])]
                body = {
                    "type": "send_message",
                    "params": {"fanId": fan, "text": f"<p>soak {key}</p>"},
                }
            response = await self.call(
                http,
                n,
                "POST",
                f"/v1/accounts/{account_id}/actions",
                headers={**self.auth, "Idempotency-Key": key},
                json=body,
            )
            if response is not None and response.status_code in (200, 202):
                action_id = response.json()["data"]["id"]
                if key in self.acked:
                    self.count(
                        "same" if self.acked[key] == action_id else "different", self.replays
                    )
                else:
                    self.acked[key] = action_id
                    self.queue.put_nowait((action_id, n % 10 != 0))
                    last = (key, account_id, body)
                await self.call(http, n + 1, "GET", f"/v1/actions/{action_id}", headers=self.auth)
            if n % 5 == 0:
                await self.call(http, n, "GET", "/v1/actions?limit=25", headers=self.auth)
            await asyncio.sleep(pause)

    async def person(self, http: httpx.AsyncClient) -> None:
        """The owner, signed in to the dashboard, deciding each created action."""
        email, password = self.owner
        signed = await http.post(
            self.bases[0] + "/dashboard/sign-in",
            data={"email": email, "password": password, "next": "/dashboard/approvals"},
        )
        assert signed.status_code == 303, signed.text
        page = await http.get(self.bases[0] + "/dashboard/approvals")
        match = CSRF.search(page.text)
        assert match, "no CSRF token on the approvals page"
        headers = {"x-csrf-token": match.group(1)}
        n = 0
        while True:
            action_id, approve = await self.queue.get()
            try:
                n += 1
                verb = "approve" if approve else "reject"
                await self.call(
                    http, n, "POST", f"/v1/actions/{action_id}/{verb}", json={}, headers=headers
                )
            finally:
                self.queue.task_done()

    async def reader(self, http: httpx.AsyncClient, stop_at: float) -> None:
        n = 0
        while time.monotonic() < stop_at:
            n += 1
            account = self.seeded["accounts"][n % len(self.seeded["accounts"])]["id"]
            path = (
                "/v1/accounts",
                f"/v1/accounts/{account}",
                f"/v1/accounts/{account}/fans?limit=20",
                f"/v1/accounts/{account}/chats?limit=10",
                "/v1/actions?status=failed&limit=10",
            )[n % 5]
            await self.call(http, n, "GET", path, headers=self.auth)
            await asyncio.sleep(0.5)
