"""SandboxPlatform: the request function for test mode, answered in memory.

Test keys must never reach the platform (SPEC 1), yet test-mode code should run the same
path as live mode. So the sandbox has the same `request(...)` signature as `PlatformClient`,
checks the route against the same catalogue, answers reads from the workspace's sandbox
creators (`sandbox_creators`) and answers writes with plausible results without sending or
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
from .sandbox_data import sandbox_creators, sandbox_rng

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
        handler = _READS.get(route) or _WRITES.get(route)
        if handler is not None:
            return handler(self, creator, params, dict(query or {}), dict(body or {}))
        if spec.is_write:
            return {"success": True}
        return {"list": [], "hasMore": False}

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

    def _new_id(self) -> str:
        return str(next(self._ids))


def _fan(creator: dict[str, Any], fan_id: str, kind: str = "fan") -> dict[str, Any]:
    fans: list[dict[str, Any]] = creator["fans"]
    for fan in fans:
        if fan["id"] == str(fan_id):
            return fan
    raise NotFoundUpstream(kind=kind)


def _list(creator: dict[str, Any], list_id: str) -> dict[str, Any]:
    lists: list[dict[str, Any]] = creator["lists"]
    for fan_list in lists:
        if fan_list["id"] == str(list_id):
            return fan_list
    raise NotFoundUpstream(kind="list")


def _fan_view(fan: Creator) -> dict[str, Any]:
    """A fan in the platform's wire shape (as the real client would receive it)."""
    expired = fan["subscriptionStatus"] == "expired"
    return {
        "id": fan["id"],
        "username": fan["username"],
        "name": fan["name"],
        "avatar": fan["avatarUrl"],
        "subscribedAt": fan["subscribedAt"],
        "expiredAt": fan["expiresAt"] if expired else None,
        "subscribedIsExpiredNow": expired,
        "listIds": list(fan["listIds"]),
        "isFan": True,
    }


def _page(items: list[Any], query: dict[str, Any], default: int = 10) -> dict[str, Any]:
    limit, offset = int(query.get("limit") or default), int(query.get("offset") or 0)
    return {"list": items[offset : offset + limit], "hasMore": offset + limit < len(items)}


def _chat_fans(creator: Creator) -> list[dict[str, Any]]:
    fans: list[dict[str, Any]] = creator["fans"]
    return fans[: creator["counts"]["chats"]]


def _messages(creator: dict[str, Any], fan: Creator) -> list[dict[str, Any]]:
    if fan not in _chat_fans(creator):
        return []
    rng = sandbox_rng(creator["id"], fan["id"])
    return [
        {
            "id": str(rng.randrange(5_000_000_000, 6_000_000_000)),
            "text": text,
            "price": 0,
            "mediaFiles": [],
            "createdAt": fan["subscribedAt"],
            "fromUser": {"id": sender},
            "massMessageId": None,
            "isLiked": False,
        }
        for text, sender in (
            ("<p>Hey, thanks for subscribing!</p>", creator["id"]),
            ("<p>Hi! Love your page</p>", fan["id"]),
        )
    ]


def _me(
    sandbox: SandboxPlatform, creator: Creator, params: Params, query: Query, body: Body
) -> dict[str, Any]:
    return {
        "id": creator["id"],
        "username": creator["username"],
        "name": creator["name"],
        "avatar": creator["avatarUrl"],
        "subscribersCount": creator["counts"]["activeFans"],
        "postsCount": creator["counts"]["posts"],
        "subscribePrice": creator["subscriptionPrice"]["amount"],
        "currency": "USD",
        "isVerified": True,
        "sandbox": True,
    }


def _subscribers(
    sandbox: SandboxPlatform, creator: Creator, params: Params, query: Query, body: Body
) -> dict[str, Any]:
    kind, needle = query.get("type", "all"), str(query.get("query") or "").lower()
    fans = [
        f
        for f in creator["fans"]
        if kind in ("all", f["subscriptionStatus"])
        and (not needle or needle in f["username"] or needle in f["name"].lower())
    ]
    return _page([_fan_view(f) for f in fans], query)


def _count(
    sandbox: SandboxPlatform, creator: Creator, params: Params, query: Query, body: Body
) -> dict[str, Any]:
    counts = creator["counts"]
    return {
        "subscribers": {
            "active": counts["activeFans"],
            "expired": counts["expiredFans"],
            "all": counts["activeFans"] + counts["expiredFans"],
        }
    }


def _user(
    sandbox: SandboxPlatform, creator: Creator, params: Params, query: Query, body: Body
) -> dict[str, Any]:
    if params["id"] == creator["id"]:
        return _me(sandbox, creator, params, query, body)
    return _fan_view(_fan(creator, params["id"], kind="user"))


def _chats(
    sandbox: SandboxPlatform, creator: Creator, params: Params, query: Query, body: Body
) -> dict[str, Any]:
    chats = [
        {
            "id": f["id"],
            "withUser": {"id": f["id"], "username": f["username"]},
            "lastMessage": _messages(creator, f)[-1],
            "unreadMessagesCount": 0,
        }
        for f in _chat_fans(creator)
    ]
    return _page(chats, query)


def _chat_messages(
    sandbox: SandboxPlatform, creator: Creator, params: Params, query: Query, body: Body
) -> dict[str, Any]:
    messages = _messages(creator, _fan(creator, params["id"], kind="chat"))
    return _page(list(reversed(messages)), query)


def _lists(
    sandbox: SandboxPlatform, creator: Creator, params: Params, query: Query, body: Body
) -> dict[str, Any]:
    return _page(
        [
            {"id": fl["id"], "name": fl["name"], "usersCount": len(fl["fanIds"])}
            for fl in creator["lists"]
        ],
        query,
    )


def _transactions(
    sandbox: SandboxPlatform, creator: Creator, params: Params, query: Query, body: Body
) -> dict[str, Any]:
    return _page(creator["transactions"], query)


def _send(
    sandbox: SandboxPlatform, creator: Creator, params: Params, query: Query, body: Body
) -> dict[str, Any]:
    _fan(creator, params["id"], kind="chat")
    return {
        "id": sandbox._new_id(),
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
    return {"id": sandbox._new_id(), "success": True, "total": len(recipients)}


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


_READS = {
    "GET /users/me": _me,
    "GET /users/:id": _user,
    "GET /subscriptions/subscribers": _subscribers,
    "GET /subscriptions/count/all": _count,
    "GET /chats": _chats,
    "GET /chats/:id/messages": _chat_messages,
    "GET /lists": _lists,
    "GET /payouts/transactions": _transactions,
}
_WRITES = {
    "POST /chats/:id/messages": _send,
    "POST /messages/queue": _queue,
    "DELETE /messages/:id": _unsend,
    "DELETE /messages/queue/:id": _unsend,
    "POST /lists/:id/users": _add_to_list,
    "DELETE /lists/:id/users/:userId": _remove_from_list,
}
