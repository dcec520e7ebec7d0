"""The sandbox's people reads: the creator and other users, subscribers and subscriptions,
chats and their messages, fan lists, notifications and settings.

Answers come from the sandbox creator's synced fans and counts and its content
(sandbox_content.py), in the platform's wire shapes (sandbox_reads.py says more).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from .errors import PlatformUnavailable
from .sandbox_content import chat_messages
from .sandbox_views import Params, Query, Record, chat_fans, fan_view, find_fan, message_view, page

if TYPE_CHECKING:
    from .sandbox import SandboxPlatform


def _messages(creator: Record, fan: Record) -> list[Record]:
    if fan["id"] not in {f["id"] for f in chat_fans(creator)}:
        return []
    return [message_view(creator, fan, m) for m in chat_messages(creator, fan)]


def _public(sandbox: SandboxPlatform, creator: Record) -> Record:
    content = sandbox.content(creator)
    return {
        "id": creator["id"],
        "username": creator["username"],
        "name": creator["name"],
        "avatar": creator["avatarUrl"],
        "about": f"Hi, I'm {creator['name'].split()[0]}. Sandbox creator.",
        "isVerified": True,
        "isPerformer": True,
        "subscribePrice": creator["subscriptionPrice"]["amount"],
        "currency": creator["subscriptionPrice"]["currency"],
        "postsCount": creator["counts"]["posts"],
        "joinDate": content["joinDate"],
    }


def me(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Record:
    kinds = [m["type"] for m in sandbox.content(creator)["media"]]
    return {
        **_public(sandbox, creator),
        "email": f"{creator['username']}@sandbox.invalid",
        "header": f"https://avatars.sandbox.invalid/{creator['id']}-header.jpg",
        "subscribersCount": creator["counts"]["activeFans"],
        "photosCount": kinds.count("photo"),
        "videosCount": kinds.count("video"),
        "audiosCount": kinds.count("audio"),
        "isPrivate": False,
        "isRestricted": False,
    }


def user(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Record:
    if params["id"] == creator["id"]:
        return me(sandbox, creator, params, query)
    for other in sandbox.creators_of(creator):
        if other["id"] == params["id"]:
            return _public(sandbox, other)
    return fan_view(creator, find_fan(creator, params["id"], kind="user"))


def subscribers(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Record:
    kind, needle = query.get("type", "all"), str(query.get("query") or "").lower()
    fans = [
        f
        for f in creator["fans"]
        if kind in ("all", f["subscriptionStatus"])
        and (not needle or needle in f["username"] or needle in f["name"].lower())
    ]
    fans.sort(key=lambda f: f["subscribedAt"], reverse=True)
    return page([fan_view(creator, f) for f in fans], query)


def subscribes(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Record:
    others = [_public(sandbox, c) for c in sandbox.creators_of(creator) if c is not creator]
    return page(others if query.get("type", "all") in ("all", "active") else [], query)


def counts(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Record:
    c, following = creator["counts"], len(sandbox.creators_of(creator)) - 1
    return {
        "subscribers": {
            "active": c["activeFans"],
            "expired": c["expiredFans"],
            "all": c["activeFans"] + c["expiredFans"],
        },
        "subscriptions": {"active": following, "expired": 0, "all": following},
    }


def history(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Record:
    fan = find_fan(creator, params["id"])
    start = datetime.fromisoformat(fan["subscribedAt"])
    end = datetime.fromisoformat(fan["expiresAt"])
    if fan["subscriptionStatus"] == "active":
        end = sandbox.now()
    rows: list[Record] = []
    while start < end:
        rows.append(
            {
                "action": "subscribe" if not rows else "renew",
                "price": creator["subscriptionPrice"]["amount"],
                "subscribeAt": start.isoformat(timespec="seconds"),
                "expireAt": (start + timedelta(days=30)).isoformat(timespec="seconds"),
            }
        )
        start += timedelta(days=30)
    return {"list": list(reversed(rows)), "hasMore": False}


def chats(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Record:
    rows = []
    for fan in chat_fans(creator):
        messages = _messages(creator, fan)
        rows.append(
            {
                "id": fan["id"],
                "withUser": {
                    "id": fan["id"],
                    "username": fan["username"],
                    "name": fan["name"],
                    "avatar": fan["avatarUrl"],
                },
                "lastMessage": messages[-1],
                "messagesCount": len(messages),
                "unreadMessagesCount": 0,
            }
        )
    return page(rows, query)


def messages(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Record:
    fan = find_fan(creator, params["id"], kind="chat")
    return page(list(reversed(_messages(creator, fan))), query)


def search(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Record:
    fan = find_fan(creator, params["id"], kind="chat")
    keyword = str(query.get("query") or "").strip().lower()
    if not keyword:
        raise PlatformUnavailable("The platform refused the call (HTTP 400): query is required.")
    found = [m for m in reversed(_messages(creator, fan)) if keyword in m["text"].lower()]
    return page(found, query)


def queue(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Record:
    return page(list(sandbox.content(creator)["queue"]), query)


def lists(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Record:
    return page(
        [
            {"id": fl["id"], "name": fl["name"], "usersCount": len(fl["fanIds"]), "type": "custom"}
            for fl in creator["lists"]
        ],
        query,
    )


def overview(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Record:
    since = sandbox.now() - timedelta(days=30)
    recent = [
        r
        for r in creator["transactions"]
        if not r["deleted"]
        and r["status"] != "refunded"
        and datetime.fromisoformat(r["occurredAt"]) >= since
    ]
    return {
        **counts(sandbox, creator, params, query)["subscribers"],
        "earnings30d": {
            "gross": sum(r["grossCents"] for r in recent),
            "net": sum(r["netCents"] for r in recent),
        },
        "messagesSent30d": 0,
        "postsCount": len(sandbox.content(creator)["posts"]),
        "profileVisits": sandbox.content(creator)["profileVisits"],
        # An arrival may show the profile page more than once: views are a third above visits.
        "profileViews": sandbox.content(creator)["profileVisits"] * 4 // 3,
    }


def notifications(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Any:
    return page(list(sandbox.content(creator)["notifications"]), query)


def notification_count(
    sandbox: SandboxPlatform, creator: Record, params: Params, query: Query
) -> Record:
    unread = [n for n in sandbox.content(creator)["notifications"] if not n["isRead"]]
    kinds = sorted({n["type"] for n in unread})
    return {"all": len(unread), **{k: sum(1 for n in unread if n["type"] == k) for k in kinds}}


def settings(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Record:
    return {
        "isPrivate": False,
        "showSubscribersCount": True,
        "showPostsTips": True,
        "isRestricted": False,
    }


def blocked(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Record:
    return page(list(sandbox.content(creator)["blocked"]), query)
