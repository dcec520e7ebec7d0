"""The fake platform for bench/cluster.py, with the two things a real platform keeps across a
crash: its sessions and its record of the writes it received.

    python bench/cluster_platform.py --port 8100 --state-dir /tmp/dir

`harness.platform` keeps everything in memory, so a `kill -9` would forget every creator's
session (the restarted platform would answer 401 and the service would, rightly, ask for a
relink) and the write log the cluster checks "executed exactly once" against. Here sessions are
written to `sessions.json` when made and every finished write call is appended to
`writes.jsonl` before its answer is sent, and both are read back at start. The seeded world is
rebuilt from the same seed (same creators, fans and ids); new ids start past the old ones.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import sys
import time
from datetime import datetime, timedelta
from pathlib import Path

import uvicorn

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from harness.platform.app import create_platform_app
from harness.platform.models import Session
from harness.platform.state import PlatformState


class DurablePlatformState(PlatformState):
    def __init__(self, seed: int, folder: Path) -> None:
        self.folder = folder
        super().__init__(seed)
        self._ids = itertools.count(int(time.time() * 1000))  # never an id of a past run
        self._persisted: set[int] = set()
        self._load()

    def _load(self) -> None:
        sessions = self.folder / "sessions.json"
        if sessions.exists():
            for token, (user_id, expires) in json.loads(sessions.read_text()).items():
                self.sessions[token] = Session(
                    token=token, user_id=user_id, expires_at=datetime.fromisoformat(expires)
                )
        log = self.folder / "writes.jsonl"
        if log.exists():
            for line in log.read_text().splitlines():
                if line.strip():
                    self.writes.append(json.loads(line))
        self._persisted = {w["seq"] for w in self.writes}

    def create_session(self, user_id: str, ttl: timedelta | None = None) -> Session:
        session = super().create_session(user_id, ttl)
        with self.lock:
            data = {t: [s.user_id, s.expires_at.isoformat()] for t, s in self.sessions.items()}
            tmp = self.folder / "sessions.json.tmp"
            tmp.write_text(json.dumps(data))
            os.replace(tmp, self.folder / "sessions.json")
        return session

    def log_write(self, entry: dict) -> dict:
        with self.lock:
            entry = {"seq": len(self.writes) + 1, **entry}
            self.writes.append(entry)
            return entry

    def persist_finished(self) -> None:
        """Append every write call answered so far, before the answer leaves."""
        with self.lock:
            lines = []
            for entry in self.writes[-64:]:  # recent ones; older ones are long persisted
                if entry["status"] is not None and entry["seq"] not in self._persisted:
                    lines.append(json.dumps(entry))
                    self._persisted.add(entry["seq"])
            if lines:
                with open(self.folder / "writes.jsonl", "a") as f:
                    f.write("\n".join(lines) + "\n")


def durable(app, state: DurablePlatformState):
    async def wrapped(scope, receive, send):
        if scope["type"] != "http":
            return await app(scope, receive, send)

        async def send_after_persisting(message):
            if message["type"] == "http.response.start":
                state.persist_finished()
            await send(message)

        await app(scope, receive, send_after_persisting)

    return wrapped


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--state-dir", required=True)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    folder = Path(args.state_dir)
    folder.mkdir(parents=True, exist_ok=True)
    state = DurablePlatformState(args.seed, folder)
    uvicorn.run(
        durable(create_platform_app(state), state),
        host="127.0.0.1",
        port=args.port,
        log_level="warning",
        access_log=False,
    )


if __name__ == "__main__":
    main()
