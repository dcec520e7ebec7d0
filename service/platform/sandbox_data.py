"""Sandbox creators: believable, deterministic stand-ins for test mode.

`sandbox_creators(workspace_seed)` gives the 2–3 creators a new workspace sees with a test
key, in the shape of synced data (AccountDetail fields plus `fans`, `lists` and
`transactions`). The same seed always gives the same ids, names, fans and amounts; times are
offsets from `now`. Sandbox user ids are 9 digits starting with 9, so they never collide with
the 6-digit creator ids of the fake platform's seed, and they are marked `"sandbox": true`.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

_PEOPLE = (
    ("Ivy", "Marlowe"),
    ("Noa", "Bellamy"),
    ("Jade", "Okafor"),
    ("Tess", "Lindqvist"),
    ("Mara", "Castell"),
    ("Elle", "Varga"),
)
_FANS_FIRST = (
    "Alex",
    "Sam",
    "Jordan",
    "Casey",
    "Riley",
    "Jamie",
    "Drew",
    "Quinn",
    "Avery",
    "Parker",
    "Reese",
    "Rowan",
    "Blake",
    "Devon",
    "Emery",
    "Kai",
    "Logan",
    "Micah",
)
_FANS_LAST = ("Reed", "Hale", "Brooks", "Lane", "Frost", "Grant", "Hayes", "Keller", "Marsh")
_LIST_NAMES = ("VIP", "Big spenders", "Renewal off")
_KINDS: tuple[tuple[str, int], ...] = (
    ("subscription", 45),
    ("tip", 20),
    ("message", 25),
    ("post", 10),
)
NewId = Callable[[int, str], str]


def _money(amount: int) -> dict[str, Any]:
    return {"amount": amount, "currency": "USD"}


def _iso(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="seconds")


def sandbox_rng(workspace_seed: str, purpose: str = "") -> random.Random:
    """A generator fixed by the workspace seed (hash-based: stable across processes)."""
    digest = hashlib.sha256(f"countersign-sandbox:{workspace_seed}:{purpose}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def sandbox_creators(workspace_seed: str, *, now: datetime | None = None) -> list[dict[str, Any]]:
    """2 or 3 sandbox creator profiles with synced-data fields, fans, lists and revenue rows."""
    now = now or datetime.now(UTC)
    rng = sandbox_rng(workspace_seed)
    people = rng.sample(_PEOPLE, rng.choice((2, 3)))
    used: set[str] = set()

    def new_id(digits: int, lead: str) -> str:
        while (value := lead + str(rng.randrange(10 ** (digits - 2), 10 ** (digits - 1)))) in used:
            pass
        used.add(value)
        return value

    return [_creator(rng, first, last, now, new_id) for first, last in people]


def _creator(
    rng: random.Random, first: str, last: str, now: datetime, new_id: NewId
) -> dict[str, Any]:
    creator_id = new_id(9, "9")
    price = rng.choice((499, 799, 999, 1299))
    fans: list[dict[str, Any]] = []
    for _ in range(rng.randint(14, 22)):
        fan_id = new_id(9, "8")
        fan_first, fan_last = rng.choice(_FANS_FIRST), rng.choice(_FANS_LAST)
        since = now - timedelta(days=rng.randint(2, 300), minutes=rng.randint(0, 1439))
        expired = rng.random() < 0.3
        ended = min(since + timedelta(days=30 * rng.randint(1, 4)), now - timedelta(days=1))
        renews = since + timedelta(days=30 * ((now - since).days // 30 + 1))
        fans.append(
            {
                "id": fan_id,
                "username": f"{fan_first.lower()}{fan_last.lower()}{rng.randint(1, 99)}",
                "name": f"{fan_first} {fan_last[0]}.",
                "avatarUrl": f"https://avatars.sandbox.invalid/{fan_id}.jpg",
                "subscriptionStatus": "expired" if expired else "active",
                "subscribedAt": _iso(since),
                "expiresAt": _iso(max(ended, since + timedelta(hours=1)) if expired else renews),
                "listIds": [],
            }
        )
    lists = []
    for name, size in zip(_LIST_NAMES, (4, 5, 3), strict=True):
        members = rng.sample([f["id"] for f in fans], size)
        list_id = new_id(9, "7")
        lists.append({"id": list_id, "name": name, "fanIds": members})
        for fan in fans:
            if fan["id"] in members:
                fan["listIds"].append(list_id)
    transactions = _transactions(rng, fans, price, now, new_id)
    recent = [
        t
        for t in transactions
        if now - datetime.fromisoformat(t["occurredAt"]) <= timedelta(days=30)
        and t["status"] != "refunded"
    ]
    active = sum(1 for f in fans if f["subscriptionStatus"] == "active")
    return {
        "id": creator_id,
        "username": f"{first.lower()}{last.lower()}",
        "name": f"{first} {last}",
        "avatarUrl": f"https://avatars.sandbox.invalid/{creator_id}.jpg",
        "counts": {
            "activeFans": active,
            "expiredFans": len(fans) - active,
            "chats": len(fans) * 2 // 3,
            "posts": rng.randint(20, 160),
            "vaultItems": rng.randint(40, 400),
        },
        "revenue30d": {
            "gross": _money(sum(t["grossCents"] for t in recent)),
            "net": _money(sum(t["netCents"] for t in recent)),
        },
        "subscriptionPrice": _money(price),
        "fans": fans,
        "lists": lists,
        "transactions": transactions,
        "sandbox": True,
    }


def _transactions(
    rng: random.Random, fans: list[dict[str, Any]], price: int, now: datetime, new_id: NewId
) -> list[dict[str, Any]]:
    rows = []
    kinds = [kind for kind, _ in _KINDS]
    weights = [weight for _, weight in _KINDS]
    for _ in range(rng.randint(25, 40)):
        kind = rng.choices(kinds, weights)[0]
        gross = price if kind == "subscription" else rng.choice((500, 1000, 1500, 2500, 5000))
        at = now - timedelta(seconds=rng.randint(60, 45 * 86400))
        fee = round(gross * 0.2)
        vat = round(gross * 0.2 / 1.2) if rng.random() < 0.3 else 0
        fan = rng.choice(fans)
        status = (
            "pending"
            if now - at < timedelta(days=2)
            else ("refunded" if rng.random() < 0.05 else "completed")
        )
        rows.append(
            {
                "id": new_id(10, "6"),
                "fanId": fan["id"],
                "kind": kind,
                "description": f"{kind.title()} from @{fan['username']}",
                "status": status,
                "grossCents": gross,
                "netCents": gross - fee - vat,
                "feeCents": fee,
                "vatCents": vat,
                "currency": "USD",
                "occurredAt": _iso(at),
                "deleted": False,
            }
        )
    rows.sort(key=lambda row: row["occurredAt"], reverse=True)
    return rows
