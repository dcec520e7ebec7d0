"""PlatformState: the whole fake platform in one object, shared by the app and the tests.

Tests hold this object and read or change it directly; the control API (`/_control`) does the
same over HTTP for QA and for processes outside the test. The server runs in another thread,
so every read-modify-write goes through `lock` (handlers are synchronous and short).
Time comes from `clock`, so a test can move it instead of sleeping.
"""

from __future__ import annotations

import collections
import random
import secrets
import threading
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import cattrs.preconf.json

from . import ledger
from .faults import FaultBook, canonical_route
from .models import Challenge, Creator, Session, Transaction
from .seed import build_world

DEFAULT_SESSION_TTL = timedelta(days=30)
FIRST_ID = 4_000_000_000
WORLD_FORMAT = 1
"""`export_world`'s shape: a file of another format is not loaded (the world starts anew)."""
_JSON = cattrs.preconf.json.make_converter()
CHALLENGE_TTL = timedelta(minutes=10)


def _utcnow() -> datetime:
    return datetime.now(UTC)


class PlatformState:
    """Creators and their data, sessions, sign-in challenges, faults and the write log."""

    def __init__(
        self,
        seed: int = 1,
        *,
        clock: Callable[[], datetime] | None = None,
        session_ttl: timedelta | None = None,
    ) -> None:
        self.seed = seed
        self.clock = clock or _utcnow
        self.session_ttl = session_ttl or DEFAULT_SESSION_TTL
        self.lock = threading.RLock()
        self.on_sessions_changed: Callable[[], None] | None = None
        self.on_change: Callable[[], None] | None = None
        """Called after a write the platform applied (`countersign demo` saves the world)."""
        self.reset()

    def reset(self, seed: int | None = None) -> None:
        """Back to the seeded world: no sessions, faults or logged writes."""
        with self.lock:
            if seed is not None:
                self.seed = seed
            self._next_id = FIRST_ID
            self.creators: dict[str, Creator] = build_world(self.seed, self.now(), self.new_id)
            self.sessions: dict[str, Session] = {}
            self.challenges: dict[str, Challenge] = {}
            self.faults = FaultBook(self.seed)
            self.writes: list[dict[str, Any]] = []
            self.calls: collections.Counter[tuple[str, str | None]] = collections.Counter()
            self.rng = random.Random(f"{self.seed}:changes")

    # -- basics ---------------------------------------------------------------------------

    def now(self) -> datetime:
        return self.clock()

    def new_id(self) -> str:
        with self.lock:
            made = self._next_id
            self._next_id += 1
            return str(made)

    def export_world(self) -> dict[str, Any]:
        """The creators with everything they own, the sessions and the next id, as JSON data:
        `countersign demo` keeps it beside its database, so a restart forgets nothing and
        never issues an id twice."""
        with self.lock:
            return {
                "format": WORLD_FORMAT,
                "seed": self.seed,
                "nextId": self._next_id,
                "creators": _JSON.unstructure(self.creators),
                "sessions": self.export_sessions(),
            }

    def import_world(self, data: dict[str, Any]) -> None:
        """What `export_world` gave; ValueError (nothing changed) when it is not that."""
        if not isinstance(data, dict) or data.get("format") != WORLD_FORMAT:
            raise ValueError("not a saved fake-platform world of this format")
        try:
            creators = _JSON.structure(data["creators"], dict[str, Creator])
            next_id = int(data["nextId"])
        except (KeyError, TypeError, ValueError, cattrs.BaseValidationError) as exc:
            raise ValueError(f"unreadable saved world: {exc}") from exc
        with self.lock:
            self.creators = creators
            self._next_id = max(next_id, self._next_id)
            self.sessions = {}
            self.import_sessions(data.get("sessions") or [])

    def creator(self, user_id: str) -> Creator:
        """The creator, or KeyError."""
        return self.creators[str(user_id)]

    def creator_by_email(self, email: str) -> Creator | None:
        wanted = email.strip().lower()
        return next((c for c in self.creators.values() if c.email == wanted), None)

    def creator_by_username(self, username: str) -> Creator | None:
        return next((c for c in self.creators.values() if c.username == username), None)

    # -- sessions and sign-in -------------------------------------------------------------

    def create_session(self, user_id: str, ttl: timedelta | None = None) -> Session:
        """A signed-in session for the creator, as a finished sign-in would give."""
        with self.lock:
            creator = self.creator(user_id)
            session = Session(
                token=f"ps_{secrets.token_urlsafe(24)}",
                user_id=creator.user_id,
                expires_at=self.now() + (ttl or self.session_ttl),
            )
            self.sessions[session.token] = session
        if self.on_sessions_changed is not None:
            self.on_sessions_changed()
        return session

    def export_sessions(self) -> list[dict[str, str]]:
        """The live sessions as plain data (`countersign demo` keeps them across restarts)."""
        with self.lock:
            return [
                {"token": s.token, "userId": s.user_id, "expiresAt": s.expires_at.isoformat()}
                for s in self.sessions.values()
                if s.expires_at > self.now()
            ]

    def import_sessions(self, rows: list[dict[str, str]]) -> int:
        """Sessions an earlier run handed out, for creators this world has; how many."""
        with self.lock:
            for row in rows:
                if row.get("userId") in self.creators:
                    self.sessions[row["token"]] = Session(
                        token=row["token"],
                        user_id=row["userId"],
                        expires_at=datetime.fromisoformat(row["expiresAt"]),
                    )
            return len(self.sessions)

    def session_user(self, token: str | None) -> str | None:
        """The creator id of a live session, None when unknown or expired."""
        session = self.sessions.get(token or "")
        if session is None or session.expires_at <= self.now():
            return None
        return session.user_id

    def expire_sessions(self, user_id: str) -> int:
        """End every session of the creator now (the platform logged them out)."""
        with self.lock:
            self.creator(user_id)
            ended = 0
            for session in self.sessions.values():
                if session.user_id == str(user_id) and session.expires_at > self.now():
                    session.expires_at = self.now()
                    ended += 1
            return ended

    def open_challenge(self, user_id: str, stage: str) -> Challenge:
        with self.lock:
            challenge = Challenge(
                id=f"ch_{secrets.token_urlsafe(12)}",
                user_id=user_id,
                stage=stage,
                expires_at=self.now() + CHALLENGE_TTL,
            )
            self.challenges[challenge.id] = challenge
            return challenge

    def live_challenge(self, challenge_id: str, stage: str) -> Challenge | None:
        challenge = self.challenges.get(str(challenge_id))
        if challenge is None or challenge.stage != stage or challenge.expires_at <= self.now():
            return None
        return challenge

    def set_restricted(self, user_id: str, restricted: bool) -> None:
        with self.lock:
            self.creator(user_id).restricted = restricted

    # -- revenue --------------------------------------------------------------------------

    def add_transaction(self, user_id: str, fields: dict[str, Any] | None = None) -> Transaction:
        """A new revenue row; `fields` uses the wire names (kind, status, grossCents, ...)."""
        with self.lock:
            creator = self.creator(user_id)
            tx = ledger.new_transaction(creator, self.new_id(), self.now(), self.rng, fields)
            if tx.id in creator.transactions:
                raise ValueError(f"transaction {tx.id} already exists")
            creator.transactions[tx.id] = tx
            return tx

    def change_transaction(self, user_id: str, tx_id: str, changes: dict[str, Any]) -> Transaction:
        """Change status, amounts, description or `deleted`; KeyError when unknown."""
        with self.lock:
            tx = self.creator(user_id).transactions[str(tx_id)]
            return ledger.change_transaction(tx, changes, self.now())

    def tick(self, user_id: str | None = None) -> dict[str, Any]:
        """One ledger change for one creator (a seeded random one when not given)."""
        with self.lock:
            creator = (
                self.creator(user_id)
                if user_id
                else self.rng.choice(sorted(self.creators.values(), key=lambda c: c.user_id))
            )
            change = ledger.tick(creator, self.new_id, self.now(), self.rng)
            return {"userId": creator.user_id, **change}

    # -- the call counter -----------------------------------------------------------------

    def count_call(self, route: str, user_id: str | None) -> None:
        """Every `/api` call, reads included, by route pattern and creator: what a sync costs."""
        with self.lock:
            self.calls[(canonical_route(route), user_id)] += 1

    def calls_made(self, user_id: str | None = None, route: str | None = None) -> int:
        """How many calls were made, optionally for one creator and/or one route pattern."""
        with self.lock:
            return sum(
                n
                for (pattern, user), n in self.calls.items()
                if (user_id is None or user == str(user_id))
                and (route is None or pattern == canonical_route(route))
            )

    def calls_by_route(self, user_id: str | None = None) -> dict[str, int]:
        with self.lock:
            counted: collections.Counter[str] = collections.Counter()
            for (pattern, user), n in self.calls.items():
                if user_id is None or user == str(user_id):
                    counted[pattern] += n
            return dict(counted)

    # -- the write log --------------------------------------------------------------------

    def log_write(self, entry: dict[str, Any]) -> dict[str, Any]:
        with self.lock:
            entry = {"seq": len(self.writes) + 1, **entry}
            self.writes.append(entry)
            return entry

    def writes_for(
        self, user_id: str | None = None, route: str | None = None
    ) -> list[dict[str, Any]]:
        """Logged write calls, oldest first, optionally for one creator or route pattern."""
        with self.lock:
            return [
                dict(w)
                for w in self.writes
                if (user_id is None or w["userId"] == str(user_id))
                and (route is None or canonical_route(w["route"]) == canonical_route(route))
            ]
