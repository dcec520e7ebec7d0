"""A webhook receiver for Countersign that trusts nothing it cannot verify.

Every delivery is checked against both signatures the service sends (the
`x-svc-signature` and Standard Webhooks' `webhook-signature`) over the raw body, before any
JSON is parsed; a delivery seen before (same `x-svc-delivery`) is acknowledged and dropped.
Only the Python standard library and `countersign-client` are needed.

    python examples/webhook_receiver.py --port 8300 --secret whsec_…

Register `http://<this host>:8300/` as an event endpoint (dashboard → Webhooks); the secret is
shown once when you do. Public URLs must be https: put it behind a proxy or a tunnel.
"""

from __future__ import annotations

import argparse
import json
import threading
from collections.abc import Callable, Mapping
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from countersign_client import SignatureError, verify_signature, verify_standard

MAX_BODY = 1 << 20


class Receiver:
    """What to do with a delivery, apart from HTTP: verify, drop duplicates, handle."""

    def __init__(self, secrets: list[str], handle: Callable[[dict[str, Any]], None]) -> None:
        self.secrets = secrets
        self.handle = handle
        self.seen: set[str] = set()
        self.lock = threading.Lock()

    def receive(self, body: bytes, headers: Mapping[str, str]) -> int:
        """The status to answer: 400 for anything unverified, 200 otherwise."""
        lower = {k.lower(): v for k, v in headers.items()}
        try:
            verify_signature(body, lower.get("x-svc-signature", ""), self.secrets)
            if "webhook-signature" in lower:
                verify_standard(body, lower, self.secrets)
        except SignatureError:
            return 400
        delivery = lower.get("x-svc-delivery", "")
        with self.lock:
            if delivery in self.seen:
                return 200  # a retry of something already handled
            self.seen.add(delivery)
        self.handle(json.loads(body))
        return 200


def serve(receiver: Receiver, host: str = "127.0.0.1", port: int = 8300) -> ThreadingHTTPServer:
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers.get("content-length") or 0)
            if length > MAX_BODY:
                self.send_response(413)
                self.end_headers()
                return
            status = receiver.receive(self.rfile.read(length), dict(self.headers.items()))
            self.send_response(status)
            self.send_header("content-length", "0")
            self.end_headers()

        def log_message(self, format: str, *args: Any) -> None:  # quiet
            pass

    return ThreadingHTTPServer((host, port), Handler)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8300)
    parser.add_argument("--secret", action="append", required=True, help="repeat while rolling")
    args = parser.parse_args()

    def show(event: dict[str, Any]) -> None:
        print(event["type"], event["mode"], event["id"], flush=True)

    server = serve(Receiver(args.secret, show), args.host, args.port)
    print(f"listening on http://{args.host}:{server.server_port}/", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
