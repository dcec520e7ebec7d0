"""The sandbox's answer to every catalogued GET route, in the platform's wire shapes.

Shapes follow harness/platform/views.py (our platform wire design); tests/platform/
test_sandbox_contract.py reads every GET route from both and compares keys and value types.
Answers come from the sandbox creator's synced data (fans, lists, revenue rows, counts) and
its content (service/platform/sandbox_content.py), so a test-mode sync and a test-mode read
agree. Unknown ids fail as the platform would (`NotFoundUpstream` with the platform's kind).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING, Any

from .errors import NotFoundUpstream, PlatformUnavailable
from .sandbox_content import chat_messages

if TYPE_CHECKING:
    from .sandbox import SandboxPlatform

Record = dict[str, Any]
Params = dict[str, str]
Query = dict[str, Any]
Read = Callable[["SandboxPlatform", Record, Params, Query], Any]
SOURCES = {
    "subscribes": ("subscription",),
    "tips": ("tip", "stream"),
    "chat_messages": ("message",),
    "post": ("post",),
    "ref": ("referral",),
}


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


# ---- Money ------------------------------------------------------------------------------------


def transaction_view(row: Record) -> Record:
    return {**row, "updatedAt": row.get("updatedAt", row["occurredAt"])}


def _newest(rows: list[Record]) -> list[Record]:
    return sorted(rows, key=lambda r: (r["occurredAt"], r["id"]), reverse=True)


def _counted(creator: Record) -> list[Record]:
    rows: list[Record] = creator["transactions"]
    return [r for r in rows if not r["deleted"] and r["status"] in ("pending", "completed")]


def _day(row: Record) -> date:
    return datetime.fromisoformat(row["occurredAt"]).date()


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


def transactions(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Any:
    return page([transaction_view(r) for r in _newest(creator["transactions"])], query)


def chargebacks(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Any:
    rows = [r for r in creator["transactions"] if r["kind"] == "chargeback" and not r["deleted"]]
    return page([transaction_view(r) for r in _newest(rows)], query)


def earnings(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Record:
    days = date_range(sandbox, query)
    rows = [r for r in _counted(creator) if days[0] <= _day(r) <= days[-1]]

    def source(kinds: tuple[str, ...] | None) -> Record:
        chosen = [r for r in rows if kinds is None or r["kind"] in kinds]
        return {
            "total": sum(r["netCents"] for r in chosen),
            "gross": sum(r["grossCents"] for r in chosen),
            "chartAmount": [
                {
                    "date": day.isoformat(),
                    "count": sum(r["netCents"] for r in chosen if _day(r) == day),
                }
                for day in days
            ],
        }

    result: Record = {"total": source(None)}
    result.update({name: source(kinds) for name, kinds in SOURCES.items()})
    return {**result, "currency": "USD"}


def balances(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Record:
    before = sandbox.now() - timedelta(days=7)
    counted = _counted(creator)
    settled = sum(
        r["netCents"]
        for r in counted
        if r["status"] == "completed" and datetime.fromisoformat(r["occurredAt"]) < before
    )
    return {
        "payoutAvailable": max(settled, 0),
        "payoutPending": sum(r["netCents"] for r in counted) - settled,
        "currency": "USD",
        "minPayout": 2000,
    }


def payout_stats(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Any:
    payouts = sandbox.content(creator)["payouts"]
    return {
        "totalEarnings": sum(r["netCents"] for r in _counted(creator)),
        "totalPaidOut": sum(p["amount"] for p in payouts),
        "payoutsCount": len(payouts),
        "lastPayoutAt": max(p["createdAt"] for p in payouts),
        "currency": "USD",
    }


def payout_requests(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Any:
    return {"list": list(sandbox.content(creator)["payouts"]), "hasMore": False}


def referrals(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Any:
    rows = [r for r in _counted(creator) if r["kind"] == "referral"]
    return {
        "balance": sum(r["netCents"] for r in rows),
        "referralsCount": len(rows),
        "currency": "USD",
    }


def _promo_view(promo: Record, kind: str) -> Record:
    data = {
        "id": promo["id"],
        "name": promo["name"],
        "createdAt": promo["createdAt"],
        "clicksCount": promo["clicks"],
        "subscribersCount": promo["claims"],
        "url": f"https://sandbox.invalid/{kind}/{promo['id']}",
    }
    if kind == "trial":
        data.update(claimCounts=promo["claims"], subscribeDays=promo["subscribeDays"])
    return data


def trials(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Record:
    return page([_promo_view(t, "trial") for t in sandbox.content(creator)["trials"]], query)


def trial_stats(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Any:
    promos = sandbox.content(creator)["trials"]
    claims = sum(t["claims"] for t in promos)
    return {
        "linksCount": len(promos),
        "claimsCount": claims,
        "clicksCount": sum(t["clicks"] for t in promos),
        "convertedCount": claims // 3,
    }


def campaigns(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Record:
    return page([_promo_view(c, "campaign") for c in sandbox.content(creator)["campaigns"]], query)


# ---- Charts: stable made-up numbers per creator, chart and day ---------------------------------


def made_up(
    sandbox: SandboxPlatform, creator: Record, query: Query, chart: str, low: int, high: int
) -> list[Record]:
    def value(day: date) -> int:
        digest = hashlib.sha256(f"{creator['id']}:{chart}:{day}".encode()).digest()
        return low + int.from_bytes(digest[:4], "big") % (high - low + 1)

    return [{"date": d.isoformat(), "count": value(d)} for d in date_range(sandbox, query)]


def _total(points: list[Record]) -> int:
    return sum(p["count"] for p in points)


def trial_chart(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Any:
    chart = made_up(sandbox, creator, query, "trials", 0, 6)
    return {"chart": chart, "total": _total(chart)}


def campaign_chart(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Any:
    clicks = made_up(sandbox, creator, query, "campaign-clicks", 5, 120)
    subs = made_up(sandbox, creator, query, "campaign-subscribers", 0, 8)
    return {
        "clicks": clicks,
        "subscribers": subs,
        "total": {"clicks": _total(clicks), "subscribers": _total(subs)},
    }


def post_chart(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Any:
    likes = made_up(sandbox, creator, query, "post-likes", 0, 80)
    views = made_up(sandbox, creator, query, "post-views", 20, 600)
    return {
        "likes": likes,
        "views": views,
        "total": {"likes": _total(likes), "views": _total(views)},
    }


def story_chart(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Any:
    views = made_up(sandbox, creator, query, "story-views", 10, 300)
    return {"views": views, "total": _total(views)}


# ---- Users ------------------------------------------------------------------------------------


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


# ---- Posts, vault, stories --------------------------------------------------------------------


def _post_view(post: Record) -> Record:
    return {**post, "isFree": not post["price"], "mediaCount": len(post["mediaFiles"])}


def _published(sandbox: SandboxPlatform, creator: Record) -> list[Record]:
    posts = [p for p in sandbox.content(creator)["posts"] if p["scheduledFor"] is None]
    return sorted(posts, key=lambda p: (not p["isPinned"], p["postedAt"]), reverse=False)


def posts(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Record:
    published = _published(sandbox, creator)
    pinned = [p for p in published if p["isPinned"]]
    rest = sorted((p for p in published if not p["isPinned"]), key=lambda p: p["postedAt"])
    return page([_post_view(p) for p in pinned + rest[::-1]], query)


def post(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Record:
    for item in sandbox.content(creator)["posts"]:
        if item["id"] == params["id"]:
            return _post_view(item)
    raise NotFoundUpstream(kind="post")


def top_posts(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Record:
    days = date_range(sandbox, query)
    chosen = [
        p
        for p in _published(sandbox, creator)
        if days[0] <= datetime.fromisoformat(p["postedAt"]).date() <= days[-1]
    ]
    chosen.sort(key=lambda p: p["tipsAmount"], reverse=True)
    offset = int(query.get("offset") or 0)
    items = [_post_view(p) for p in chosen[offset : offset + 10]]
    return {"items": items, "hasMore": offset + 10 < len(chosen)}


def scheduled(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Record:
    later = [p for p in sandbox.content(creator)["posts"] if p["scheduledFor"]]
    return page([_post_view(p) for p in sorted(later, key=lambda p: p["scheduledFor"])], query)


def _media_lists(sandbox: SandboxPlatform, creator: Record, media_id: str) -> list[str]:
    return [vl["id"] for vl in sandbox.content(creator)["vaultLists"] if media_id in vl["mediaIds"]]


def _vault_list_view(sandbox: SandboxPlatform, creator: Record, vault_list: Record) -> Record:
    by_id = {m["id"]: m["type"] for m in sandbox.content(creator)["media"]}
    kinds = [by_id[m] for m in vault_list["mediaIds"] if m in by_id]
    return {
        "id": vault_list["id"],
        "name": vault_list["name"],
        "type": "custom",
        "photosCount": kinds.count("photo"),
        "videosCount": kinds.count("video"),
        "audiosCount": kinds.count("audio"),
        "gifsCount": kinds.count("gif"),
        "mediasCount": len(kinds),
    }


def vault_lists(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Any:
    found = sandbox.content(creator)["vaultLists"]
    return page([_vault_list_view(sandbox, creator, vl) for vl in found], query)


def media_types(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Any:
    kinds = [m["type"] for m in sandbox.content(creator)["media"]]
    return {
        "list": [{"type": t, "count": kinds.count(t)} for t in ("photo", "video", "audio", "gif")]
    }


def media(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Record:
    items = sandbox.content(creator)["media"]
    list_id = query.get("list")
    if list_id:
        chosen = [vl for vl in sandbox.content(creator)["vaultLists"] if vl["id"] == list_id]
        if not chosen:
            raise NotFoundUpstream(kind="vault_list")
        wanted = set(chosen[0]["mediaIds"])
        items = [m for m in items if m["id"] in wanted]
    return page(
        [
            {
                **m,
                "listIds": _media_lists(sandbox, creator, m["id"]),
                "preview": f"https://media.sandbox.invalid/{m['id']}/preview.jpg",
            }
            for m in items
        ],
        query,
    )


def stories(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Record:
    return page(list(sandbox.content(creator)["stories"]), query)


def highlights(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Any:
    for owner in sandbox.creators_of(creator):
        if owner["id"] == params["id"]:
            return {
                "list": [
                    {
                        "id": h["id"],
                        "title": h["title"],
                        "storiesCount": len(h["storyIds"]),
                        "cover": f"https://media.sandbox.invalid/highlights/{h['id']}.jpg",
                    }
                    for h in sandbox.content(owner)["highlights"]
                ],
                "hasMore": False,
            }
    find_fan(creator, params["id"], kind="user")
    return {"list": [], "hasMore": False}


def top_stories(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Any:
    date_range(sandbox, query)
    items = sorted(sandbox.content(creator)["stories"], key=lambda s: -s["viewersCount"])
    return {"items": items, "hasMore": False}


def story_map(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Any:
    return {
        "list": [
            {
                "userId": owner["id"],
                "storiesCount": len(sandbox.content(owner)["stories"]),
                "hasUnwatched": True,
            }
            for owner in sandbox.creators_of(creator)
        ]
    }


READS: dict[str, Read] = {
    "GET /chats": chats,
    "GET /chats/:id/messages": messages,
    "GET /chats/:id/messages/search": search,
    "GET /messages/queue": queue,
    "GET /subscriptions/subscribers": subscribers,
    "GET /subscriptions/subscribes": subscribes,
    "GET /subscriptions/count/all": counts,
    "GET /subscriptions/:id/history": history,
    "GET /trials": trials,
    "GET /trials/stats": trial_stats,
    "GET /trials/chart": trial_chart,
    "GET /earnings/chart": earnings,
    "GET /payouts/stats": payout_stats,
    "GET /payouts/requests": payout_requests,
    "GET /payouts/balances": balances,
    "GET /payouts/chargebacks": chargebacks,
    "GET /payouts/transactions": transactions,
    "GET /payments/referrals/balance": referrals,
    "GET /campaigns": campaigns,
    "GET /campaigns/chart": campaign_chart,
    "GET /users/me": me,
    "GET /users/:id": user,
    "GET /users/me/stats/overview": overview,
    "GET /users/notifications": notifications,
    "GET /users/notifications/count": notification_count,
    "GET /users/me/settings": settings,
    "GET /users/blocked": blocked,
    "GET /posts": posts,
    "GET /posts/:id": post,
    "GET /posts/chart": post_chart,
    "GET /posts/top": top_posts,
    "GET /schedules/later/post": scheduled,
    "GET /vault/lists": vault_lists,
    "GET /vault/media/types": media_types,
    "GET /vault/media": media,
    "GET /stories/items": stories,
    "GET /users/:id/stories/highlights": highlights,
    "GET /stories/chart": story_chart,
    "GET /stories/top": top_stories,
    "GET /stories/map": story_map,
    "GET /lists": lists,
}
