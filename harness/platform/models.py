"""The fake platform's records: plain mutable attrs classes, one per thing a creator owns.

They hold exactly what the fake needs to answer the platform routes believably; the JSON
shapes live in `views.py`, so a record can change shape on the wire without touching state.
Every id is a string of digits (the platform's ids are numeric; strings keep them exact).
Money is integer cents, except a message's `price`, which the platform takes in dollars.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, TypeVar

from attrs import Attribute, define, field

V = TypeVar("V")
CHANGES = [0]
"""Bumped by every change to a creator's fans or transactions (the dicts below and their
records' attributes): the routes keep their sorted orders until it moves, so paging a list is
linear in its length, not quadratic."""


def _changed(_instance: Any, _attribute: Attribute[Any], value: Any) -> Any:
    CHANGES[0] += 1
    return value


class Changing(dict[str, V]):
    """A dict that bumps CHANGES on every write."""

    def __setitem__(self, key: str, value: V) -> None:
        CHANGES[0] += 1
        super().__setitem__(key, value)

    def __delitem__(self, key: str) -> None:
        CHANGES[0] += 1
        super().__delitem__(key)

    def pop(self, *args: Any) -> Any:
        CHANGES[0] += 1
        return super().pop(*args)

    def popitem(self) -> tuple[str, V]:
        CHANGES[0] += 1
        return super().popitem()

    def clear(self) -> None:
        CHANGES[0] += 1
        super().clear()

    def update(self, *args: Any, **kwargs: Any) -> None:
        CHANGES[0] += 1
        super().update(*args, **kwargs)

    def setdefault(self, key: str, default: Any = None) -> Any:
        CHANGES[0] += 1
        return super().setdefault(key, default)


@define(on_setattr=_changed)
class Fan:
    """A subscriber of one creator. `expired_at` is None while the subscription is active."""

    id: str
    username: str
    name: str
    avatar: str
    subscribed_at: datetime
    expired_at: datetime | None
    price_cents: int

    @property
    def active(self) -> bool:
        return self.expired_at is None


@define
class FanList:
    """A creator's own fan list (the audience of a mass message). Member order is kept."""

    id: str
    name: str
    user_ids: list[str] = field(factory=list)


@define
class Message:
    """One message in a chat. A chat id is the fan's id. `from_creator` tells the direction."""

    id: str
    fan_id: str
    from_creator: bool
    text: str
    price: float
    media_ids: list[str]
    created_at: datetime
    mass_message_id: str | None = None
    liked: bool = False
    read: bool = True


@define
class QueueEntry:
    """A mass message: the copies it put in each recipient's chat carry its id."""

    id: str
    text: str
    price: float
    media_ids: list[str]
    user_lists: list[str]
    user_ids: list[str]
    exclude_lists: list[str]
    created_at: datetime
    recipients: list[str] = field(factory=list)


@define
class Media:
    """A vault item."""

    id: str
    type: str
    created_at: datetime
    duration: int
    hidden: bool = False


@define
class VaultList:
    id: str
    name: str
    media_ids: list[str] = field(factory=list)


@define
class Post:
    """A post; `scheduled_for` is set for posts queued for later and not yet published."""

    id: str
    text: str
    price_cents: int
    media_ids: list[str]
    posted_at: datetime
    likes: int
    comments: int
    tips_cents: int
    pinned: bool = False
    scheduled_for: datetime | None = None
    view_events: list[dict[str, Any]] = field(factory=list)
    """What POST /posts/stats-collect reported about this post, in order."""


@define
class Story:
    id: str
    media_type: str
    created_at: datetime
    views: int
    likes: int
    watched: bool = False


@define
class Highlight:
    id: str
    title: str
    story_ids: list[str]


@define(on_setattr=_changed)
class Transaction:
    """A revenue row. It changes over time: status moves, amounts are corrected, rows vanish."""

    id: str
    fan_id: str
    kind: str
    description: str
    status: str
    gross_cents: int
    fee_cents: int
    vat_cents: int
    net_cents: int
    currency: str
    occurred_at: datetime
    updated_at: datetime
    deleted: bool = False


@define
class Notification:
    id: str
    type: str
    text: str
    created_at: datetime
    read: bool = False


@define
class Promo:
    """A free-trial link or a campaign: both are counted links with a daily chart."""

    id: str
    name: str
    created_at: datetime
    claims: int
    clicks: int
    subscribe_days: int = 0


@define
class PayoutRequest:
    id: str
    amount_cents: int
    status: str
    created_at: datetime


@define
class Session:
    token: str
    user_id: str
    expires_at: datetime


@define
class Challenge:
    """A sign-in half done: `stage` is "2fa" or "selfie"."""

    id: str
    user_id: str
    stage: str
    expires_at: datetime


@define
class Creator:
    """A creator account with everything the platform routes read or write."""

    user_id: str
    email: str
    password: str
    name: str
    username: str
    about: str
    avatar: str
    joined_at: datetime
    subscribe_price_cents: int
    requires_2fa: bool = False
    two_factor_code: str = "123456"
    requires_selfie: bool = False
    restricted: bool = False
    is_private: bool = False
    fans: dict[str, Fan] = field(factory=Changing)
    lists: dict[str, FanList] = field(factory=dict)
    chats: dict[str, list[Message]] = field(factory=dict)
    queue: dict[str, QueueEntry] = field(factory=dict)
    media: dict[str, Media] = field(factory=dict)
    vault_lists: dict[str, VaultList] = field(factory=dict)
    posts: dict[str, Post] = field(factory=dict)
    stories: dict[str, Story] = field(factory=dict)
    highlights: dict[str, Highlight] = field(factory=dict)
    transactions: dict[str, Transaction] = field(factory=Changing)
    notifications: list[Notification] = field(factory=list)
    trials: list[Promo] = field(factory=list)
    campaigns: list[Promo] = field(factory=list)
    payout_requests: list[PayoutRequest] = field(factory=list)
    following: list[str] = field(factory=list)
    blocked: list[dict[str, Any]] = field(factory=list)
    profile_visits: int = 0
    profile_views: int = 0

    def list_ids_of(self, fan_id: str) -> list[str]:
        return [fl.id for fl in self.lists.values() if fan_id in fl.user_ids]

    def find_message(self, message_id: str) -> Message | None:
        for messages in self.chats.values():
            for message in messages:
                if message.id == message_id:
                    return message
        return None
