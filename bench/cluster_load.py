"""The cluster's load: clients creating, reading and listing actions over HTTP as a careful
client does (a failed call is tried again on the next replica with the same Idempotency-Key),
and the person deciding each created action in process, which wakes the workers with NOTIFY."""

from __future__ import annotations

import asyncio
import itertools
import time

import httpx

from service.actions.decisions import decide_action
from service.domain.clock import SystemClock
from service.domain.principal import Principal

MAX_ACTIONS = 20_000  # a hard bound on everything one run can create


class Load:
    """Clients creating and reading actions, and the person approving them (in process)."""

    def __init__(self, seeded: dict, store, tag: str) -> None:
        self.seeded, self.store, self.tag = seeded, store, tag
        self.principal = Principal.person(seeded["workspace"], seeded["owner"], "owner")
        self.counter = itertools.count(1)
        self.intents: dict[str, dict] = {}  # idempotency key → what the client saw
        self.queue: asyncio.Queue = asyncio.Queue()
        self.reset()

    def reset(self) -> None:
        self.lat = {"create": [], "get": [], "list": []}
        self.create_times: list[tuple[float, float]] = []  # (finished at, seconds)
        self.pause = 0.0  # think time between one client's actions
        self.done = {"create": 0, "get": 0, "list": 0}
        self.client_errors: dict[str, int] = {}
        self.retries = 0
        self.decided: list[tuple[str, bool]] = []
        self.decide_errors: dict[str, int] = {}

    def _err(self, what: str) -> None:
        self.client_errors[what] = self.client_errors.get(what, 0) + 1

    async def _call(
        self, http: httpx.AsyncClient, bases, method: str, path: str, **kw
    ) -> httpx.Response | None:
        """One request as a careful client makes it: a transport error or a 5xx is tried again
        (same Idempotency-Key) on the next replica, up to 6 times, 0.2 s apart."""
        for attempt in range(6):
            base = bases()[attempt % len(bases())]
            if attempt:
                self.retries += 1
                await asyncio.sleep(0.2)
            try:
                response = await http.request(method, base + path, **kw)
            except httpx.TransportError as exc:
                self._err(f"{method} transport {type(exc).__name__}")
                continue
            if response.status_code >= 500:
                self._err(
                    f"{method} {response.status_code} "
                    f"{response.json().get('error', {}).get('code', '?')}"
                )
                continue
            return response
        return None

    async def client(self, http: httpx.AsyncClient, bases, stop_at: float) -> None:
        auth = {"Authorization": f"Bearer {self.seeded['key']}"}
        while time.monotonic() < stop_at:
            n = next(self.counter)
            if n > MAX_ACTIONS:
                return
            account = self.seeded["accounts"][n % len(self.seeded["accounts"])]
            fan = account["fans"][n % len(account["fans"])]
            key = f"{self.tag}-{n}"
            intent = self.intents[key] = {"acked": None, "account": account["id"]}
            started = time.perf_counter()
            response = await self._call(
                http,
                bases,
                "POST",
                f"/v1/accounts/{account['id']}/actions",
                headers={**auth, "Idempotency-Key": key},
                json={
                    "type": "send_message",
                    "params": {"fanId": fan, "text": f"<p>cluster {key}</p>"},
                },
            )
            if response is None or response.status_code not in (200, 202):
                if response is not None:
                    self._err(f"POST {response.status_code}")
                continue
            self.lat["create"].append(time.perf_counter() - started)
            self.create_times.append((time.monotonic(), time.perf_counter() - started))
            self.done["create"] += 1
            action_id = response.json()["data"]["id"]
            intent["acked"] = action_id
            self.queue.put_nowait((action_id, n % 10 != 0))
            started = time.perf_counter()
            got = await self._call(http, bases, "GET", f"/v1/actions/{action_id}", headers=auth)
            if got is not None and got.status_code == 200:
                self.lat["get"].append(time.perf_counter() - started)
                self.done["get"] += 1
            if n % 5 == 0:
                started = time.perf_counter()
                got = await self._call(http, bases, "GET", "/v1/actions?limit=25", headers=auth)
                if got is not None and got.status_code == 200:
                    self.lat["list"].append(time.perf_counter() - started)
                    self.done["list"] += 1
            if self.pause:
                await asyncio.sleep(self.pause)

    async def approver(self) -> None:
        clock = SystemClock()
        while True:
            action_id, approve = await self.queue.get()
            try:
                await decide_action(
                    self.store,
                    clock,
                    self.principal,
                    action_id,
                    approve=approve,
                    note=None,
                    # the workers are other processes: the store's NOTIFY wakes them
                    wake_executor=lambda: None,
                )
                self.decided.append((action_id, approve))
            except Exception as exc:  # noqa: BLE001 - counted and reported
                name = getattr(exc, "code", type(exc).__name__)
                self.decide_errors[name] = self.decide_errors.get(name, 0) + 1
            finally:
                self.queue.task_done()

    async def run(self, bases, seconds: float, concurrency: int) -> float:
        stop_at = time.monotonic() + seconds
        limits = httpx.Limits(max_connections=concurrency * 2)
        async with httpx.AsyncClient(timeout=10, limits=limits) as http:
            started = time.monotonic()
            await asyncio.gather(*(self.client(http, bases, stop_at) for _ in range(concurrency)))
            return time.monotonic() - started
