"""SandboxPlatform: the request function for test mode, answered in memory.

Test keys must never reach the platform, yet test-mode code should run the same
path as live mode. So the sandbox has the same `request(...)` signature as `PlatformClient`,
checks the route against the same catalogue, answers every catalogued read from the
workspace's sandbox creators (`sandbox_creators`, service/platform/sandbox_reads.py) and
answers writes with plausible results without sending or
storing anything. Unknown fans, chats and lists fail as the platform would
(`NotFoundUpstream`), so validation paths are exercised in test mode too.

A sandbox "session" is `sandbox_session(workspace_seed, creator_id)`: it names the workspace
whose sandbox data to use and the creator acting.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from typing import Any

from .errors import NotFoundUpstream, SessionExpired
from .routes import lookup
from .sandbox_content import build_content
from .sandbox_data import sandbox_creators
from .sandbox_reads import READS
from .sandbox_views import find_fan
from .sandbox_writes import WRITES

__all__ = ["SandboxPlatform", "sandbox_creators", "sandbox_session"]

_PREFIX = "sandbox:"
Creator = dict[str, Any]
Params = dict[str, str]
Query = dict[str, Any]
Body = dict[str, Any]


def sandbox_session(workspace_seed: str, creator_id: str) -> str:
    """The session string the sandbox accepts for this workspace's sandbox creator."""
    return f"{_PREFIX}{workspace_seed}:{creator_id}"


class SandboxPlatform:
    """Deterministic in-memory stand-in for the platform; writes go nowhere."""

    def __init__(self, *, clock: Callable[[], datetime] | None = None) -> None:
        self._clock = clock or (lambda: datetime.now(UTC))
        self._worlds: dict[str, list[dict[str, Any]]] = {}
        self._ids = itertools.count(7_100_000_000)
        self._content: dict[str, dict[str, Any]] = {}

    def creators(self, workspace_seed: str) -> list[dict[str, Any]]:
        """The workspace's sandbox creators (made once per seed, then kept)."""
        if workspace_seed not in self._worlds:
            self._worlds[workspace_seed] = sandbox_creators(workspace_seed, now=self._clock())
        return self._worlds[workspace_seed]

    async def request(
        self,
        route: str,
        *,
        session: str,
        path_params: Mapping[str, Any] | None = None,
        query: Mapping[str, Any] | None = None,
        body: Mapping[str, Any] | None = None,
    ) -> Any:
        spec = lookup(route)
        spec.path(path_params)  # same path-param rules as the real client
        creator = self._creator(session)
        params = {k: str(v) for k, v in (path_params or {}).items()}
        read = READS.get(route)
        if read is not None:
            return read(self, creator, params, dict(query or {}))
        handler = _WRITES.get(route)
        if handler is not None:
            return handler(self, creator, params, dict(query or {}), dict(body or {}))
        other = WRITES.get(route)
        if other is not None:
            return other(self, creator, params, dict(body or {}))
        return {"success": True}

    def content(self, creator: dict[str, Any]) -> dict[str, Any]:
        """The creator's vault, posts, stories and the rest (made once, then kept)."""
        if creator["id"] not in self._content:
            self._content[creator["id"]] = build_content(creator, self._clock())
        return self._content[creator["id"]]

    def creators_of(self, creator: dict[str, Any]) -> list[dict[str, Any]]:
        """Every sandbox creator of the workspace `creator` belongs to (creator included)."""
        for world in self._worlds.values():
            if any(other is creator for other in world):
                return world
        return [creator]

    def now(self) -> datetime:
        return self._clock()

    def _creator(self, session: str) -> dict[str, Any]:
        seed, _, creator_id = session.removeprefix(_PREFIX).rpartition(":")
        if not session.startswith(_PREFIX) or not seed:
            raise SessionExpired("This is not a sandbox session.")
        for creator in self.creators(seed):
            if creator["id"] == creator_id:
                return creator
        raise SessionExpired("No sandbox creator with this id in the workspace.")

    def _now(self) -> str:
        return self._clock().astimezone(UTC).isoformat(timespec="seconds")

    def new_id(self) -> str:
        return str(next(self._ids))


def _fan(creator: dict[str, Any], fan_id: str, kind: str = "fan") -> dict[str, Any]:
    return find_fan(creator, fan_id, kind)


def _list(creator: dict[str, Any], list_id: str) -> dict[str, Any]:
    lists: list[dict[str, Any]] = creator["lists"]
    for fan_list in lists:
        if fan_list["id"] == str(list_id):
            return fan_list
    raise NotFoundUpstream(kind="list")


def _send(
    sandbox: SandboxPlatform, creator: Creator, params: Params, query: Query, body: Body
) -> dict[str, Any]:
    _fan(creator, params["id"], kind="chat")
    return {
        "id": sandbox.new_id(),
        "text": body.get("text"),
        "price": body.get("price", 0),
        "mediaFiles": list(body.get("mediaFiles") or []),
        "createdAt": sandbox._now(),
        "fromUser": {"id": creator["id"]},
        "massMessageId": None,
    }


def _queue(
    sandbox: SandboxPlatform, creator: Creator, params: Params, query: Query, body: Body
) -> dict[str, Any]:
    recipients = set()
    for list_id in body.get("userLists") or []:
        recipients.update(_list(creator, list_id)["fanIds"])
    for fan_id in body.get("userIds") or []:
        recipients.add(_fan(creator, fan_id)["id"])
    for list_id in body.get("excludeUserLists") or []:
        recipients.difference_update(_list(creator, list_id)["fanIds"])
    return {"id": sandbox.new_id(), "success": True, "total": len(recipients)}


def _unsend(
    sandbox: SandboxPlatform, creator: Creator, params: Params, query: Query, body: Body
) -> dict[str, Any]:
    return {"id": params["id"], "success": True}


def _add_to_list(
    sandbox: SandboxPlatform, creator: Creator, params: Params, query: Query, body: Body
) -> dict[str, Any]:
    _list(creator, params["id"])
    user_ids = [_fan(creator, fan_id)["id"] for fan_id in body.get("userIds") or []]
    return {"listId": params["id"], "userIds": user_ids, "success": True}


def _remove_from_list(
    sandbox: SandboxPlatform, creator: Creator, params: Params, query: Query, body: Body
) -> dict[str, Any]:
    _list(creator, params["id"])
    fan = _fan(creator, params["userId"])
    return {"listId": params["id"], "userId": fan["id"], "success": True}


def answers_write(route: str) -> bool:
    """Whether the sandbox has its own answer for this write (not the bare `success`)."""
    return route in _WRITES or route in WRITES


_WRITES = {
    "POST /chats/:id/messages": _send,
    "POST /messages/queue": _queue,
    "DELETE /messages/:id": _unsend,
    "DELETE /messages/queue/:id": _unsend,
    "POST /lists/:id/users": _add_to_list,
    "DELETE /lists/:id/users/:userId": _remove_from_list,
}
