"""Platform records in our shapes (openapi.yaml's Message, Chat, FanList, Post, VaultList,
VaultMedia, EarningsDay): one conversion shared by the syncer and by live reads (`fresh=true`),
so both answer the same fields. Unreadable values become null or zero, never a 500.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

EPOCH = "1970-01-01T00:00:00.000Z"
SOURCES = ("total", "subscribes", "tips", "chat_messages")


def _time(value: Any) -> str | None:
    """An ISO 8601 instant in UTC with seconds (as we render times), or None."""
    if not value:
        return None
    try:
        moment = dt.datetime.fromisoformat(str(value))
    except ValueError:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=dt.UTC)
    return moment.astimezone(dt.UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _int(value: Any) -> int:
    return int(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else 0


def _ids(value: Any) -> list[str]:
    if not isinstance(value, list):
        return []
    return [str(v.get("id") if isinstance(v, dict) else v) for v in value if v is not None]


def money(cents: int, currency: str = "USD") -> dict[str, Any]:
    return {"amount": cents, "currency": currency}


def message(row: dict[str, Any], fan_id: str) -> dict[str, Any]:
    """A platform message; `price` is in dollars there and Money (cents) here."""
    sender = row.get("fromUser")
    sender_id = str(sender.get("id")) if isinstance(sender, dict) else None
    price = row.get("price")
    cents = round(price * 100) if isinstance(price, (int, float)) and price else 0
    mass = row.get("massMessageId")
    return {
        "id": str(row["id"]),
        "fanId": fan_id,
        "fromCreator": sender_id != fan_id,
        "text": str(row.get("text") or ""),
        "price": money(cents) if cents else None,
        "mediaIds": _ids(row.get("mediaFiles") or row.get("media")),
        "massMessageId": str(mass) if mass is not None else None,
        "createdAt": _time(row.get("createdAt")) or EPOCH,
    }


def chat(row: dict[str, Any]) -> dict[str, Any]:
    with_user = row.get("withUser")
    user: dict[str, Any] = with_user if isinstance(with_user, dict) else {}
    fan_id = str(row.get("id") or user.get("id"))
    last = row.get("lastMessage")
    last_message = message(last, fan_id) if isinstance(last, dict) and "id" in last else None
    return {
        "fanId": fan_id,
        "username": str(user.get("username") or fan_id),
        "name": user.get("name"),
        "lastMessage": last_message,
        "unreadCount": _int(row.get("unreadMessagesCount")),
        "lastActivityAt": last_message["createdAt"] if last_message else EPOCH,
    }


def fan_list(row: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": str(row["id"]),
        "name": str(row.get("name") or row["id"]),
        "fansCount": _int(row.get("usersCount")),
    }


def post(row: dict[str, Any], currency: str = "USD") -> dict[str, Any]:
    price = _int(row.get("price"))
    return {
        "id": str(row["id"]),
        "text": str(row.get("text") or ""),
        "price": money(price, currency) if price else None,
        "mediaIds": _ids(row.get("mediaFiles")),
        "postedAt": _time(row.get("postedAt")) or EPOCH,
        "likesCount": _int(row.get("likesCount")),
        "commentsCount": _int(row.get("commentsCount")),
        "tips": money(_int(row.get("tipsAmount")), currency),
        "isPinned": bool(row.get("isPinned")),
    }


def vault_list(row: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": str(row["id"]),
        "name": str(row.get("name") or row["id"]),
        "mediaCount": _int(row.get("mediasCount")),
        "photosCount": _int(row.get("photosCount")),
        "videosCount": _int(row.get("videosCount")),
    }


def vault_media(row: dict[str, Any]) -> dict[str, Any]:
    preview = row.get("preview")
    return {
        "id": str(row["id"]),
        "type": str(row.get("type") or "photo"),
        "createdAt": _time(row.get("createdAt")) or EPOCH,
        "duration": _int(row.get("duration")),
        "isHidden": bool(row.get("isHidden")),
        "listIds": _ids(row.get("listIds")),
        "previewUrl": str(preview) if preview else None,
    }


def earnings_days(chart: Any) -> tuple[list[dict[str, Any]], str]:
    """Per-day net amounts by source from `GET /earnings/chart` (`{source: {chartAmount:
    [{date, count}]}}`), oldest first, and the chart's currency."""
    chart = chart if isinstance(chart, dict) else {}
    currency = str(chart.get("currency") or "USD")
    days: dict[str, dict[str, Any]] = {}
    for source in SOURCES:
        part = chart.get(source)
        points = part.get("chartAmount") if isinstance(part, dict) else None
        for point in points if isinstance(points, list) else []:
            if not isinstance(point, dict) or not isinstance(point.get("date"), str):
                continue
            day = days.setdefault(
                point["date"][:10], {"date": point["date"][:10]} | dict.fromkeys(SOURCES)
            )
            day[source] = money(_int(point.get("count")), currency)
    for day in days.values():
        for source in SOURCES:
            day[source] = day[source] or money(0, currency)
    return [days[d] for d in sorted(days)], currency


def earnings_totals(days: list[dict[str, Any]], currency: str) -> dict[str, Any]:
    return {s: money(sum(d[s]["amount"] for d in days), currency) for s in SOURCES}
