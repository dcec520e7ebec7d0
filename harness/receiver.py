"""A real webhook receiver for tests and QA: verifies, records, and fails on command.

Modelled on svix's `TestReceiver`: a real HTTP server (not a mock of httpx) so the
sender's whole path — SSRF guard, TLS-less loopback connection, timeouts, retries — is
exercised. It checks each POST twice: the way docs/webhooks.md tells receivers to (HMAC over the
raw body, constant-time compare, 300-second window) and with the `standardwebhooks`
library's `Webhook.verify` (the `webhook-*` headers; both in receiver_checks.py); a delivery is
accepted only when both pass. It drops repeated `x-svc-delivery` ids, and can be told to answer with an error
status, to refuse chosen events, or to hang past the sender's timeout.

Webhooks go to any path outside `/_control` (e.g. `POST /hooks`). The control API
(receiver_control.py):
    GET  /_control/mode                     {"mode": ..., "status": ...}
    POST /_control/mode {mode, status?}     ok | fail (status, default 500) | hang | recover
    PUT  /_control/reject {eventIds, status?}  answer these events (envelope `id`) with status
                                            (default 500) whatever the mode; [] stops it
    GET  /_control/received                 every request, in arrival order
    DELETE /_control/received               forget requests and seen delivery ids
    PUT  /_control/secret {secrets: [...]}  the secrets accepted (several while rolling)

Tests drive the same state in-process through `Receiver` and wait with `wait_for`,
never by sleeping. `python -m harness.receiver --port 8200 --secret whsec_...` runs it
standalone for QA.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import copy
import json
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import uvicorn
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from harness.receiver_checks import documented_check, standard_check
from harness.receiver_control import create_receiver_app
from harness.threaded import start_in_thread
from service.webhooks.signing import (
    DEFAULT_TOLERANCE,
    DELIVERY_HEADER,
    EVENT_HEADER,
    SIGNATURE_HEADER,
    new_secret,
)

MODES = ("ok", "fail", "hang", "recover")


@dataclass
class Received:
    """One request as the receiver saw it; `status` is None while the request hangs."""

    seq: int
    method: str
    path: str
    headers: dict[str, str]
    body: bytes
    json: Any
    delivery_id: str | None
    event: str | None
    verified: bool  # the documented check of x-svc-signature passed
    standard_verified: bool  # the standardwebhooks library's check of webhook-* passed
    error: str | None
    duplicate: bool
    mode: str
    status: int | None
    received_at: float

    @property
    def accepted(self) -> bool:
        """A new, authentic delivery answered 2xx: what a real receiver would process."""
        ok = self.status is not None and 200 <= self.status < 300
        authentic = self.verified and self.standard_verified
        return ok and authentic and self.error is None and not self.duplicate

    def to_json(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "method": self.method,
            "path": self.path,
            "headers": self.headers,
            "body": self.body.decode("utf-8", "replace"),
            "json": self.json,
            "deliveryId": self.delivery_id,
            "event": self.event,
            "verified": self.verified,
            "standardVerified": self.standard_verified,
            "error": self.error,
            "duplicate": self.duplicate,
            "accepted": self.accepted,
            "mode": self.mode,
            "status": self.status,
            "receivedAt": self.received_at,
        }


class Receiver:
    """The receiver's state, shared safely between the server thread and the test thread."""

    def __init__(
        self,
        secrets: Sequence[str] = (),
        *,
        clock: Callable[[], float] = time.time,
        tolerance: int = DEFAULT_TOLERANCE,
        hang_seconds: float = 30.0,
    ) -> None:
        self._cond = threading.Condition()
        self._secrets = list(secrets)
        self._clock = clock
        self._tolerance = tolerance
        self._hang_seconds = hang_seconds
        self._mode = "ok"
        self._fail_status = 500
        self._rejected: dict[str, int] = {}  # event id → status answered
        self._records: list[Received] = []
        self._accepted_ids: set[str] = set()
        self._hung: list[tuple[asyncio.AbstractEventLoop, asyncio.Future[None]]] = []
        self.app = create_receiver_app(self)

    # -- control -------------------------------------------------------------------

    @property
    def mode(self) -> tuple[str, int]:
        """The current mode and the status `fail` answers with."""
        with self._cond:
            return self._mode, self._fail_status

    def set_mode(self, mode: str, status: int | None = None) -> None:
        """Switch mode; leaving `hang` (including `recover`, which means `ok`) frees hung requests."""
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}")
        if status is not None and not (isinstance(status, int) and 300 <= status <= 599):
            raise ValueError("status must be an integer from 300 to 599")
        with self._cond:
            self._mode = "ok" if mode == "recover" else mode
            if status is not None:
                self._fail_status = status
        if mode != "hang":
            self.release_hung()

    def reject(self, event_ids: Sequence[str], status: int = 500) -> None:
        """Answer these events (the envelope's `id`) with `status` in any mode, as a receiver
        that refuses one event; `reject([])` accepts them again."""
        if not 300 <= status <= 599:
            raise ValueError("status must be an integer from 300 to 599")
        with self._cond:
            self._rejected = {event_id: status for event_id in event_ids}

    def recover(self) -> None:
        self.set_mode("recover")

    def set_secrets(self, secrets: Sequence[str]) -> None:
        with self._cond:
            self._secrets = list(secrets)

    def clear(self) -> None:
        """Forget every request and every seen delivery id."""
        with self._cond:
            self._records.clear()
            self._accepted_ids.clear()
            self._cond.notify_all()

    def release_hung(self) -> None:
        """Let every hanging request finish now (it answers 503); safe from any thread."""
        with self._cond:
            hung, self._hung = self._hung, []
        for loop, future in hung:
            with contextlib.suppress(RuntimeError):  # the loop has already closed
                loop.call_soon_threadsafe(_resolve, future)

    # -- inspection ----------------------------------------------------------------

    @property
    def received(self) -> list[Received]:
        """Snapshots of every request so far, in arrival order."""
        with self._cond:
            return [copy.copy(record) for record in self._records]

    @property
    def deliveries(self) -> list[Received]:
        """Snapshots of the accepted deliveries only."""
        return [record for record in self.received if record.accepted]

    def wait_for(
        self,
        count: int,
        timeout: float = 10.0,
        *,
        where: Callable[[Received], bool] | None = None,
    ) -> list[Received]:
        """Block until `count` requests match `where` (default: accepted); return them.

        Raises TimeoutError with what did arrive, so a failing test says why.
        """
        matches = where or (lambda record: record.accepted)
        deadline = time.monotonic() + timeout
        with self._cond:
            while True:
                found = [copy.copy(r) for r in self._records if matches(r)]
                if len(found) >= count:
                    return found
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    seen = [(r.status, r.error, r.duplicate) for r in self._records]
                    raise TimeoutError(
                        f"{len(found)} of {count} matching requests after {timeout} s; "
                        f"all requests as (status, error, duplicate): {seen}"
                    )
                self._cond.wait(remaining)

    # -- the webhook endpoint -------------------------------------------------------

    async def handle(self, request: Request) -> Response:
        if request.url.path.startswith("/_control"):
            return JSONResponse({"error": "no such control route"}, 404)
        body = await request.body()
        headers: dict[str, str] = {}
        for name, value in request.headers.items():
            headers[name] = f"{headers[name]}, {value}" if name in headers else value
        with self._cond:
            secrets, mode, fail_status = list(self._secrets), self._mode, self._fail_status
        now, tolerance = self._clock(), self._tolerance
        error = documented_check(body, headers.get(SIGNATURE_HEADER), secrets, now, tolerance)
        verified = error is None
        standard_error = standard_check(body, headers, secrets, self._clock, tolerance)
        error = error or standard_error
        try:
            parsed = json.loads(body)
        except ValueError:
            parsed = None
            error = error or "the body is not JSON"
        delivery_id = headers.get(DELIVERY_HEADER)
        if delivery_id is None:
            error = error or f"no {DELIVERY_HEADER} header"

        with self._cond:
            duplicate = verified and delivery_id in self._accepted_ids
            event_id = parsed.get("id") if isinstance(parsed, dict) else None
            if mode == "hang":
                status = None
            elif mode == "fail":
                status = fail_status
            elif event_id in self._rejected:
                status = self._rejected[event_id]
            elif error is not None or delivery_id is None:  # no id is an error already
                status = 400
            else:
                status = 200
                self._accepted_ids.add(delivery_id)
            record = Received(
                seq=len(self._records) + 1,
                method=request.method,
                path=request.url.path,
                headers=headers,
                body=body,
                json=parsed,
                delivery_id=delivery_id,
                event=headers.get(EVENT_HEADER),
                verified=verified,
                standard_verified=standard_error is None,
                error=error,
                duplicate=duplicate,
                mode=mode,
                status=status,
                received_at=self._clock(),
            )
            self._records.append(record)
            self._cond.notify_all()

        if status is None:
            await self._hang()
            with self._cond:
                record.status = status = 503
                self._cond.notify_all()
        body_out = {"ok": 200 <= status < 300, "duplicate": duplicate, "error": error}
        return JSONResponse(body_out, status_code=status)

    async def _hang(self) -> None:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        with self._cond:
            self._hung.append((loop, future))
        try:
            await asyncio.wait_for(future, self._hang_seconds)
        except TimeoutError:
            pass
        finally:
            with self._cond:
                if (loop, future) in self._hung:
                    self._hung.remove((loop, future))


def _resolve(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)


@contextlib.contextmanager
def run_receiver_in_thread(receiver: Receiver, *, host: str = "127.0.0.1") -> Iterator[str]:
    """Serve `receiver` on a free port in a background thread; yield its base URL."""
    running = start_in_thread(receiver.app, name="webhook-receiver", host=host)
    try:
        yield running.base_url
    finally:
        receiver.release_hung()  # a hung request would otherwise hold shutdown open
        running.stop()


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Countersign's test webhook receiver.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8200)
    parser.add_argument(
        "--secret", action="append", default=[], help="accepted signing secret (repeatable)"
    )
    parser.add_argument("--hang-seconds", type=float, default=30.0)
    args = parser.parse_args(argv)
    secrets = args.secret or [new_secret()]
    if not args.secret:
        print(f"no --secret given; accepting the new secret {secrets[0]}")
    receiver = Receiver(secrets, hang_seconds=args.hang_seconds)
    print(f"receiving webhooks on http://{args.host}:{args.port}/hooks (control: /_control)")
    uvicorn.run(receiver.app, host=args.host, port=args.port, timeout_graceful_shutdown=1)


if __name__ == "__main__":
    main()
