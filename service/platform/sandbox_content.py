"""What a sandbox creator has beyond its synced data: vault, posts, stories, chats, promos.

Made on first use from a generator seeded by the creator's id, so it is the same in every
process, and sized by the creator's synced counts (`counts.posts` published posts,
`counts.vaultItems` vault items, `counts.chats` chats): a test-mode sync and a test-mode read of
the platform route agree with each other.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from .sandbox_data import sandbox_rng

Record = dict[str, Any]
_KINDS = ("photo", "photo", "photo", "video", "video", "audio", "gif")
_VAULT_LISTS = ("Beach set", "Behind the scenes", "Customs")
_NOTES = ("new_subscriber", "tip", "message", "like", "comment")


def _iso(moment: datetime) -> str:
    return moment.isoformat(timespec="seconds")


def build_content(creator: Record, now: datetime) -> Record:
    """The creator's vault, posts, stories, chats, notifications, promos and payouts."""
    rng = sandbox_rng(creator["id"], "content")
    ids = iter(range(int(creator["id"]) * 1000, int(creator["id"]) * 1000 + 100_000))

    def new_id() -> str:
        return str(next(ids))

    media: list[Record] = [
        {
            "id": new_id(),
            "type": (kind := rng.choice(_KINDS)),
            "createdAt": _iso(now - timedelta(days=rng.randint(1, 400), minutes=n)),
            "duration": rng.randint(5, 600) if kind in ("video", "audio") else 0,
            "isHidden": rng.random() < 0.05,
        }
        for n in range(creator["counts"]["vaultItems"])
    ]
    media.sort(key=lambda m: m["createdAt"], reverse=True)
    media_ids = [m["id"] for m in media]
    vault_lists = [
        {"id": new_id(), "name": name, "mediaIds": rng.sample(media_ids, min(8, len(media_ids)))}
        for name in _VAULT_LISTS
    ]
    posts: list[Record] = []
    published = creator["counts"]["posts"]
    for index in range(published + 2):
        scheduled = now + timedelta(days=index - published + 1) if index >= published else None
        posts.append(
            {
                "id": new_id(),
                "text": f"<p>{rng.choice(('New set', 'Happy Friday!', 'Guess where'))}</p>",
                "price": rng.choice((0, 0, 0, 500, 1000)),
                "mediaFiles": rng.sample(media_ids, min(rng.randint(0, 4), len(media_ids))),
                "postedAt": _iso(scheduled or now - timedelta(days=rng.randint(1, 300))),
                "likesCount": rng.randint(3, 400),
                "commentsCount": rng.randint(0, 40),
                "tipsAmount": rng.choice((0, 0, 500, 1500, 4000)),
                "isPinned": index == 0,
                "scheduledFor": _iso(scheduled) if scheduled else None,
            }
        )
    stories: list[Record] = [
        {
            "id": new_id(),
            "mediaType": rng.choice(("photo", "video")),
            "createdAt": _iso(now - timedelta(hours=rng.randint(1, 23))),
            "viewersCount": rng.randint(10, 300),
            "likesCount": rng.randint(0, 60),
            "isWatched": False,
        }
        for _ in range(4)
    ]
    stories.sort(key=lambda s: s["createdAt"], reverse=True)
    story_ids = [s["id"] for s in stories]
    highlights = [
        {"id": new_id(), "title": title, "storyIds": rng.sample(story_ids, 2)}
        for title in ("Travel", "Fan favourites")
    ]
    fans = creator["fans"]
    notifications: list[Record] = []
    for _ in range(10):
        kind, fan = rng.choice(_NOTES), rng.choice(fans)
        notifications.append(
            {
                "id": new_id(),
                "type": kind,
                "text": f"@{fan['username']}: {kind.replace('_', ' ')}",
                "createdAt": _iso(now - timedelta(hours=rng.randint(1, 200))),
                "isRead": rng.random() < 0.5,
            }
        )
    notifications.sort(key=lambda n: n["createdAt"], reverse=True)
    return {
        "media": media,
        "vaultLists": vault_lists,
        "posts": posts,
        "stories": stories,
        "highlights": highlights,
        "notifications": notifications,
        "blocked": [
            {
                "id": str(rng.randint(10_000_000, 99_999_999)),
                "username": f"spam{rng.randint(100, 999)}",
                "name": "Blocked user",
            }
            for _ in range(2)
        ],
        "trials": [
            _promo(new_id(), name, rng.randint(5, 80), rng.randint(100, 900), now, rng, 7 * (i + 1))
            for i, name in enumerate(("Free week", "Summer trial"))
        ],
        "campaigns": [
            _promo(new_id(), name, rng.randint(5, 120), rng.randint(200, 3000), now, rng, 0)
            for name in ("Reddit", "Instagram bio")
        ],
        "payouts": [
            {
                "id": new_id(),
                "amount": rng.randint(20_000, 150_000),
                "status": "completed",
                "currency": "USD",
                "createdAt": _iso(now - timedelta(days=30 * months)),
            }
            for months in (1, 2, 3)
        ],
        "queue": [
            {
                "id": new_id(),
                "text": "<p>Thanks for being here!</p>",
                "price": 0,
                "mediaFiles": [],
                "userLists": [creator["lists"][0]["id"]],
                "userIds": [],
                "excludeUserLists": [],
                "createdAt": _iso(now - timedelta(days=3)),
                "isDone": True,
                "pending": 0,
                "total": len(creator["lists"][0]["fanIds"]),
                "sentCount": len(creator["lists"][0]["fanIds"]),
                "canUnsend": True,
            }
        ],
        "profileVisits": rng.randint(100, 5000),
        "joinDate": _iso(now - timedelta(days=rng.randint(400, 1500))),
    }


def _promo(
    promo_id: str, name: str, claims: int, clicks: int, now: datetime, rng: Any, days: int
) -> Record:
    return {
        "id": promo_id,
        "name": name,
        "createdAt": _iso(now - timedelta(days=rng.randint(10, 300))),
        "claims": claims,
        "clicks": clicks,
        "subscribeDays": days,
    }


def chat_messages(creator: Record, fan: Record) -> list[Record]:
    """A sandbox chat's messages, oldest first (the creator's first `counts.chats` fans chat)."""
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
