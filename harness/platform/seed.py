"""The seeded world: three creators with fans, lists, chats, vault, posts, stories and revenue.

Everything comes from one `random.Random(seed)` and times are offsets from the `now` given, so
the same seed and clock give the same world (ids included) in every run. The three creators
cover the sign-in paths: a plain password, a password plus 2FA, and 2FA plus a selfie check.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import datetime, timedelta

from . import ledger
from .models import (
    Creator,
    Fan,
    FanList,
    Highlight,
    Media,
    Message,
    Notification,
    PayoutRequest,
    Post,
    Promo,
    QueueEntry,
    Story,
    VaultList,
)

FIRST = (
    "Alex",
    "Sam",
    "Jordan",
    "Taylor",
    "Casey",
    "Riley",
    "Jamie",
    "Morgan",
    "Drew",
    "Quinn",
    "Avery",
    "Parker",
    "Reese",
    "Rowan",
    "Blake",
    "Cameron",
    "Devon",
    "Emery",
    "Finley",
    "Harper",
    "Kai",
    "Logan",
    "Micah",
    "Noel",
    "Oakley",
    "Peyton",
    "Remy",
    "Sage",
    "Toby",
    "Wes",
    "Luis",
    "Marco",
    "Nina",
    "Omar",
    "Priya",
    "Ravi",
    "Sofia",
    "Tomas",
    "Yuki",
    "Zane",
)
LAST = (
    "Reed",
    "Hale",
    "Brooks",
    "Lane",
    "Frost",
    "Grant",
    "Hayes",
    "Ivers",
    "Jensen",
    "Keller",
    "Lowe",
    "Marsh",
    "Nash",
    "Orr",
    "Pike",
    "Quill",
    "Rhodes",
    "Stone",
    "Tate",
    "Vance",
    "Wilde",
    "Young",
    "Moreno",
    "Silva",
    "Novak",
    "Berg",
    "Costa",
    "Duarte",
    "Ellis",
    "Ford",
)
CREATORS = (
    # name, username, email, password, requires_2fa, requires_selfie
    ("Mia Harper", "miaharper", "mia@creators.test", "mia-password-1", False, False),
    ("Luna Vale", "lunavale", "luna@creators.test", "luna-password-2", True, False),
    ("Rosa Quinn", "rosaquinn", "rosa@creators.test", "rosa-password-3", True, True),
)
CHAT_LINES = (
    "Hey! Thanks for subscribing 💕",
    "Loved your last post",
    "What are you up to today?",
    "New set dropping this weekend",
    "Thank you so much for the tip!",
    "Can I get a custom?",
    "Good morning ☀️",
    "Check your DMs for something special",
)
FAN_LIST_NAMES = ("VIP", "Big spenders", "Renewal off")
VAULT_LIST_NAMES = ("Beach set", "Behind the scenes", "Customs")


def avatar_url(user_id: str) -> str:
    return f"https://cdn.platform.test/avatars/{user_id}.jpg"


def build_world(seed: int, now: datetime, new_id: Callable[[], str]) -> dict[str, Creator]:
    """Creators by user id, each fully populated."""
    rng = random.Random(seed)
    used: set[str] = set()

    def user_id(low: int, high: int) -> str:
        while (value := str(rng.randint(low, high))) in used:
            pass
        used.add(value)
        return value

    creators: dict[str, Creator] = {}
    for name, username, email, password, needs_2fa, needs_selfie in CREATORS:
        uid = user_id(100_000, 999_999)
        creator = Creator(
            user_id=uid,
            email=email,
            password=password,
            name=name,
            username=username,
            about=f"<p>Hi, I'm {name.split()[0]} ✨ new content every week</p>",
            avatar=avatar_url(uid),
            joined_at=now - timedelta(days=rng.randint(400, 1200)),
            subscribe_price_cents=rng.choice((499, 799, 999, 1299, 1499)),
            requires_2fa=needs_2fa,
            requires_selfie=needs_selfie,
        )
        _fill(creator, rng, now, new_id, lambda: user_id(10_000_000, 99_999_999))
        creators[uid] = creator
    for creator in creators.values():
        creator.following = [uid for uid in creators if uid != creator.user_id]
    return creators


def _fill(
    creator: Creator,
    rng: random.Random,
    now: datetime,
    new_id: Callable[[], str],
    fan_id: Callable[[], str],
) -> None:
    for _ in range(rng.randint(38, 44)):
        fid = fan_id()
        first, last = rng.choice(FIRST), rng.choice(LAST)
        since = now - timedelta(days=rng.randint(1, 400), minutes=rng.randint(0, 1439))
        expired = None
        if rng.random() < 0.3:
            expired = min(since + timedelta(days=30 * rng.randint(1, 6)), now - timedelta(days=1))
            expired = max(expired, since + timedelta(hours=1))
        creator.fans[fid] = Fan(
            id=fid,
            username=f"{first.lower()}{last.lower()}{rng.randint(1, 99)}",
            name=f"{first} {last[0]}.",
            avatar=avatar_url(fid),
            subscribed_at=since,
            expired_at=expired,
            price_cents=creator.subscribe_price_cents,
        )
    fan_ids = list(creator.fans)
    for list_name, size in zip(FAN_LIST_NAMES, (6, 8, 5), strict=True):
        fl = FanList(id=new_id(), name=list_name, user_ids=rng.sample(fan_ids, size))
        creator.lists[fl.id] = fl
    _fill_vault(creator, rng, now, new_id)
    _fill_chats(creator, rng, now, new_id)
    _fill_content(creator, rng, now, new_id)
    _fill_money(creator, rng, now, new_id)


def _fill_vault(
    creator: Creator, rng: random.Random, now: datetime, new_id: Callable[[], str]
) -> None:
    for _ in range(24):
        kind = rng.choices(("photo", "video", "audio", "gif"), (12, 8, 2, 2))[0]
        media = Media(
            id=new_id(),
            type=kind,
            created_at=now - timedelta(days=rng.randint(1, 300)),
            duration=rng.randint(5, 600) if kind in ("video", "audio") else 0,
        )
        creator.media[media.id] = media
    for list_name in VAULT_LIST_NAMES:
        vl = VaultList(id=new_id(), name=list_name, media_ids=rng.sample(list(creator.media), 6))
        creator.vault_lists[vl.id] = vl


def _fill_chats(
    creator: Creator, rng: random.Random, now: datetime, new_id: Callable[[], str]
) -> None:
    media_ids = list(creator.media)
    for fid in rng.sample(list(creator.fans), int(len(creator.fans) * 0.75)):
        at = now - timedelta(days=rng.randint(1, 60), minutes=rng.randint(0, 600))
        messages = []
        for index in range(rng.randint(1, 6)):
            at += timedelta(minutes=rng.randint(3, 600))
            mine = index % 2 == 0
            paid = mine and rng.random() < 0.2
            messages.append(
                Message(
                    id=new_id(),
                    fan_id=fid,
                    from_creator=mine,
                    text=f"<p>{rng.choice(CHAT_LINES)}</p>",
                    price=rng.choice((5, 9.99, 15)) if paid else 0,
                    media_ids=rng.sample(media_ids, 2) if paid else [],
                    created_at=min(at, now),
                    read=mine or rng.random() < 0.6,
                )
            )
        creator.chats[fid] = messages
    # One earlier mass message, so copies with a massMessageId exist from the start.
    vip = next(iter(creator.lists.values()))
    entry = QueueEntry(
        id=new_id(),
        text="<p>VIP weekend special 🔥</p>",
        price=0,
        media_ids=[],
        user_lists=[vip.id],
        user_ids=[],
        exclude_lists=[],
        created_at=now - timedelta(days=3),
        recipients=list(vip.user_ids),
    )
    creator.queue[entry.id] = entry
    for fid in entry.recipients:
        creator.chats.setdefault(fid, []).append(
            Message(
                id=new_id(),
                fan_id=fid,
                from_creator=True,
                text=entry.text,
                price=0,
                media_ids=[],
                created_at=entry.created_at,
                mass_message_id=entry.id,
            )
        )
        creator.chats[fid].sort(key=lambda m: m.created_at)


def _fill_content(
    creator: Creator, rng: random.Random, now: datetime, new_id: Callable[[], str]
) -> None:
    media_ids = list(creator.media)
    for index in range(14):
        scheduled = now + timedelta(days=index - 10) if index >= 12 else None
        post = Post(
            id=new_id(),
            text=f"<p>{rng.choice(('New set 📸', 'Happy Friday!', 'Guess where'))}</p>",
            price_cents=rng.choice((0, 0, 0, 500, 1000)),
            media_ids=rng.sample(media_ids, rng.randint(0, 4)),
            posted_at=scheduled or now - timedelta(days=rng.randint(1, 90)),
            likes=rng.randint(3, 400),
            comments=rng.randint(0, 40),
            tips_cents=rng.choice((0, 0, 500, 1500, 4000)),
            pinned=index == 0,
            scheduled_for=scheduled,
        )
        creator.posts[post.id] = post
    for _ in range(4):
        story = Story(
            id=new_id(),
            media_type=rng.choice(("photo", "video")),
            created_at=now - timedelta(hours=rng.randint(1, 23)),
            views=rng.randint(10, 300),
            likes=rng.randint(0, 60),
        )
        creator.stories[story.id] = story
    story_ids = list(creator.stories)
    for title in ("Travel", "Fan favourites"):
        hl = Highlight(id=new_id(), title=title, story_ids=rng.sample(story_ids, 2))
        creator.highlights[hl.id] = hl
    kinds = ("new_subscriber", "tip", "message", "like", "comment")
    for _ in range(10):
        kind = rng.choice(kinds)
        fan = creator.fans[rng.choice(list(creator.fans))]
        creator.notifications.append(
            Notification(
                id=new_id(),
                type=kind,
                text=f"@{fan.username}: {kind.replace('_', ' ')}",
                created_at=now - timedelta(hours=rng.randint(1, 200)),
                read=rng.random() < 0.5,
            )
        )
    creator.notifications.sort(key=lambda n: n.created_at, reverse=True)
    creator.blocked = [
        {
            "id": str(rng.randint(10_000_000, 99_999_999)),
            "username": f"spam{rng.randint(100, 999)}",
            "name": "Blocked user",
        }
        for _ in range(2)
    ]
    for index, name in enumerate(("Free week", "Summer trial")):
        creator.trials.append(
            Promo(
                id=new_id(),
                name=name,
                claims=rng.randint(5, 80),
                clicks=rng.randint(100, 900),
                subscribe_days=7 * (index + 1),
                created_at=now - timedelta(days=rng.randint(10, 120)),
            )
        )
    for name in ("Reddit", "Instagram bio"):
        creator.campaigns.append(
            Promo(
                id=new_id(),
                name=name,
                claims=rng.randint(5, 120),
                clicks=rng.randint(200, 3000),
                created_at=now - timedelta(days=rng.randint(30, 300)),
            )
        )


def _fill_money(
    creator: Creator, rng: random.Random, now: datetime, new_id: Callable[[], str]
) -> None:
    weights = {"subscription": 40, "tip": 20, "message": 25, "post": 8, "stream": 3, "referral": 2}
    rows = []
    for _ in range(60):
        kind = rng.choices(list(weights), list(weights.values()))[0]
        at = now - timedelta(seconds=rng.randint(60, 45 * 86400))
        status = (
            "pending"
            if now - at < timedelta(days=2)
            else ("refunded" if rng.random() < 0.04 else "completed")
        )
        fan_id = rng.choice(list(creator.fans))
        tx = ledger.new_transaction(
            creator,
            new_id(),
            at,
            rng,
            {
                "kind": kind,
                "status": status,
                "fanId": fan_id,
                "occurredAt": at,
            },
        )
        rows.append(tx)
    completed = [
        t for t in rows if t.status == "completed" and t.occurred_at < now - timedelta(days=10)
    ]
    for original in rng.sample(completed, min(2, len(completed))):
        rows.append(
            ledger.chargeback_for(original, new_id(), original.occurred_at + timedelta(days=5))
        )
    for tx in sorted(rows, key=lambda t: t.occurred_at):
        creator.transactions[tx.id] = tx
    for months_ago in (3, 2, 1):
        creator.payout_requests.append(
            PayoutRequest(
                id=new_id(),
                amount_cents=rng.randint(20_000, 150_000),
                status="completed",
                created_at=now - timedelta(days=30 * months_ago),
            )
        )
