"""Fans, users and fan lists: subscriptions, profiles, notifications and list membership.

List membership writes are our design (the platform documents none): `GET /lists`,
`POST /lists/:id/users {userIds}` and `DELETE /lists/:id/users/:userId`. Both writes are
idempotent (adding a member twice or removing a non-member still succeeds) and answer 404
with kind "list" or "fan" for unknown ids.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from .http import Call, bad_request, not_found, ordered, page, page_of
from .models import Fan, FanList
from .views import (
    creator_profile,
    creator_public,
    fan_list_view,
    fan_view,
    iso,
    notification_view,
)


def subscribers(call: Call) -> dict[str, Any]:
    kind = call.query.get("type", "all")
    if kind not in ("active", "expired", "all"):
        raise bad_request("type must be active, expired or all.")
    needle = call.query.get("query", "").strip().lower()
    me = call.me

    def chosen() -> list[Fan]:
        fans = [
            f
            for f in me.fans.values()
            if (kind == "all" or f.active == (kind == "active"))
            and (not needle or needle in f.username.lower() or needle in f.name.lower())
        ]
        fans.sort(key=lambda f: f.subscribed_at, reverse=True)
        return fans

    fans = ordered(("subscribers", id(me.fans), len(me.fans), kind, needle), chosen)
    return page_of(fans, call, lambda f: fan_view(me, f))


def subscribes(call: Call) -> dict[str, Any]:
    """Creators this creator follows (subscribed to), all active."""
    kind = call.query.get("type", "all")
    users = [creator_public(call.state.creator(uid)) for uid in call.me.following]
    return page(users if kind in ("all", "active") else [], call)


def counts(call: Call) -> dict[str, Any]:
    active = sum(1 for f in call.me.fans.values() if f.active)
    total = len(call.me.fans)
    following = len(call.me.following)
    return {
        "subscribers": {"active": active, "expired": total - active, "all": total},
        "subscriptions": {"active": following, "expired": 0, "all": following},
    }


def history(call: Call) -> dict[str, Any]:
    fan = call.fan(call.params["id"])
    end = fan.expired_at or call.now
    rows: list[dict[str, Any]] = []
    start = fan.subscribed_at
    while start < end:
        rows.append(
            {
                "action": "subscribe" if not rows else "renew",
                "price": fan.price_cents,
                "subscribeAt": iso(start),
                "expireAt": iso(start + timedelta(days=30)),
            }
        )
        start += timedelta(days=30)
    return {"list": list(reversed(rows)), "hasMore": False}


def _user(call: Call, user_id: str) -> dict[str, Any]:
    if user_id in call.me.fans:
        return fan_view(call.me, call.me.fans[user_id])
    if user_id == call.me.user_id:
        return creator_profile(call.me)
    if user_id in call.state.creators:
        return creator_public(call.state.creator(user_id))
    raise not_found("user", f"No user with id {user_id}.")


def me(call: Call) -> dict[str, Any]:
    return creator_profile(call.me)


def user(call: Call) -> dict[str, Any]:
    return _user(call, call.params["id"])


def subscribe(call: Call) -> dict[str, Any]:
    target = call.params["id"]
    if target not in call.state.creators or target == call.me.user_id:
        raise not_found("user", f"No creator with id {target} to subscribe to.")
    if target not in call.me.following:
        call.me.following.append(target)
    return {
        "success": True,
        "subscribedOn": True,
        "user": creator_public(call.state.creator(target)),
    }


def unsubscribe(call: Call) -> dict[str, Any]:
    target = call.params["id"]
    if target not in call.me.following:
        raise not_found("user", f"You are not subscribed to {target}.")
    call.me.following.remove(target)
    return {"success": True, "subscribedOn": False}


def stats_overview(call: Call) -> dict[str, Any]:
    since = call.now - timedelta(days=30)
    recent = [
        t
        for t in call.me.transactions.values()
        if not t.deleted and t.occurred_at >= since and t.status != "refunded"
    ]
    sent = sum(
        1
        for msgs in call.me.chats.values()
        for m in msgs
        if m.from_creator and m.created_at >= since
    )
    return {
        **counts(call)["subscribers"],
        "earnings30d": {
            "gross": sum(t.gross_cents for t in recent),
            "net": sum(t.net_cents for t in recent),
        },
        "messagesSent30d": sent,
        "postsCount": len(call.me.posts),
        "profileVisits": call.me.profile_visits,
        "profileViews": call.me.profile_views,
    }


def notifications(call: Call) -> dict[str, Any]:
    return page((notification_view(n) for n in call.me.notifications), call)


def read_notifications(call: Call) -> dict[str, Any]:
    for note in call.me.notifications:
        note.read = True
    return {"success": True}


def notification_count(call: Call) -> dict[str, Any]:
    unread = [n for n in call.me.notifications if not n.read]
    by_type = {t: sum(1 for n in unread if n.type == t) for t in {n.type for n in unread}}
    return {"all": len(unread), **by_type}


def settings(call: Call) -> dict[str, Any]:
    return {
        "isPrivate": call.me.is_private,
        "showSubscribersCount": True,
        "showPostsTips": True,
        "isRestricted": call.me.restricted,
    }


def blocked(call: Call) -> dict[str, Any]:
    return page(call.me.blocked, call)


def profile_visit(call: Call) -> dict[str, Any]:
    call.me.profile_visits += 1
    return {"success": True}


def profile_view(call: Call) -> dict[str, Any]:
    call.me.profile_views += 1
    return {"success": True}


def _fan_list(call: Call) -> FanList:
    fan_list = call.me.lists.get(call.params["id"])
    if fan_list is None:
        raise not_found("list", f"No fan list with id {call.params['id']}.")
    return fan_list


def lists(call: Call) -> dict[str, Any]:
    return page((fan_list_view(fl) for fl in call.me.lists.values()), call)


def add_to_list(call: Call) -> dict[str, Any]:
    fan_list = _fan_list(call)
    user_ids = call.ids("userIds", required=True)
    if not user_ids:
        raise bad_request("userIds must name at least one fan.")
    for user_id in user_ids:
        call.fan(user_id)
    for user_id in user_ids:
        if user_id not in fan_list.user_ids:
            fan_list.user_ids.append(user_id)
    return {"listId": fan_list.id, "userIds": user_ids, "success": True}


def remove_from_list(call: Call) -> dict[str, Any]:
    fan_list = _fan_list(call)
    fan = call.fan(call.params["userId"])
    if fan.id in fan_list.user_ids:
        fan_list.user_ids.remove(fan.id)
    return {"listId": fan_list.id, "userId": fan.id, "success": True}


ROUTES = [
    ("GET /subscriptions/subscribers", subscribers),
    ("GET /subscriptions/subscribes", subscribes),
    ("GET /subscriptions/count/all", counts),
    ("GET /subscriptions/:id/history", history),
    ("POST /users/:id/subscribe", subscribe),
    ("DELETE /users/:id/subscribe", unsubscribe),
    ("GET /users/me", me),
    ("GET /users/:id", user),
    ("GET /users/me/stats/overview", stats_overview),
    ("GET /users/notifications", notifications),
    ("POST /users/notifications/read", read_notifications),
    ("GET /users/notifications/count", notification_count),
    ("GET /users/me/settings", settings),
    ("GET /users/blocked", blocked),
    ("POST /users/profile/visit", profile_visit),
    ("POST /users/profile/view", profile_view),
    ("GET /lists", lists),
    ("POST /lists/:id/users", add_to_list),
    ("DELETE /lists/:id/users/:userId", remove_from_list),
]
