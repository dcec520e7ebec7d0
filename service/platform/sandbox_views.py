"""What every sandbox read shares: the read's signature, paging, finding a fan, the fan and
message wire views, a report's date range and the stable made-up chart numbers.

The families (sandbox_people.py, sandbox_money.py, sandbox_media.py) each answer their own
routes with these, and the writes (sandbox_writes.py) find fans the same way.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from datetime import date, timedelta
from typing import TYPE_CHECKING, Any

from .errors import NotFoundUpstream, PlatformUnavailable

if TYPE_CHECKING:
    from .sandbox import SandboxPlatform


Record = dict[str, Any]
Params = dict[str, str]
Query = dict[str, Any]
Read = Callable[["SandboxPlatform", Record, Params, Query], Any]


def page(items: list[Any], query: Query, default: int = 10) -> Record:
    limit, offset = int(query.get("limit") or default), int(query.get("offset") or 0)
    return {"list": items[offset : offset + limit], "hasMore": offset + limit < len(items)}


def find_fan(creator: Record, fan_id: str, kind: str = "fan") -> Record:
    for fan in creator["fans"]:
        if fan["id"] == str(fan_id):
            return dict(fan)
    raise NotFoundUpstream(kind=kind)


def chat_fans(creator: Record) -> list[Record]:
    fans: list[Record] = creator["fans"]
    return fans[: creator["counts"]["chats"]]


def fan_view(creator: Record, fan: Record) -> Record:
    expired = fan["subscriptionStatus"] == "expired"
    return {
        "id": fan["id"],
        "username": fan["username"],
        "name": fan["name"],
        "avatar": fan["avatarUrl"],
        "subscribedAt": fan["subscribedAt"],
        "expiredAt": fan["expiresAt"] if expired else None,
        "subscribedIsExpiredNow": expired,
        "subscribePrice": creator["subscriptionPrice"]["amount"],
        "listIds": list(fan["listIds"]),
        "isFan": True,
    }


def message_view(creator: Record, fan: Record, message: Record) -> Record:
    price = message.get("price") or 0
    return {
        **message,
        "chatId": fan["id"],
        "isFree": not price,
        "mediaCount": len(message["mediaFiles"]),
        "isLiked": False,
        "isNew": False,
        "canUnsend": message["fromUser"]["id"] == creator["id"],
    }


def date_range(sandbox: SandboxPlatform, query: Query, default_days: int = 30) -> list[date]:
    end = date.fromisoformat(query["endDate"]) if query.get("endDate") else sandbox.now().date()
    start = (
        date.fromisoformat(query["startDate"])
        if query.get("startDate")
        else end - timedelta(days=default_days - 1)
    )
    if start > end or (end - start).days >= 366:
        raise PlatformUnavailable(
            "The platform refused the call (HTTP 400): a range covers 1 to 366 days."
        )
    return [start + timedelta(days=n) for n in range((end - start).days + 1)]


# ---- Charts: stable made-up numbers per creator, chart and day ---------------------------------


def made_up(
    sandbox: SandboxPlatform, creator: Record, query: Query, chart: str, low: int, high: int
) -> list[Record]:
    def value(day: date) -> int:
        digest = hashlib.sha256(f"{creator['id']}:{chart}:{day}".encode()).digest()
        return low + int.from_bytes(digest[:4], "big") % (high - low + 1)

    return [{"date": d.isoformat(), "count": value(d)} for d in date_range(sandbox, query)]


def total(points: list[Record]) -> int:
    return sum(p["count"] for p in points)
