"""The JSON the fake platform sends for each record.

Kept apart from the records so the wire shape is written down in one place. Ids are strings
of digits, times ISO 8601 with an explicit UTC offset, money integer cents (a message's
`price` excepted: dollars, as the platform takes it).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from .models import (
    Creator,
    Fan,
    FanList,
    Highlight,
    Media,
    Message,
    Notification,
    Post,
    Promo,
    QueueEntry,
    Story,
    Transaction,
    VaultList,
)


def iso(moment: datetime | None) -> str | None:
    return None if moment is None else moment.astimezone(UTC).isoformat(timespec="seconds")


def user_brief(user_id: str, username: str, name: str, avatar: str) -> dict[str, Any]:
    return {"id": user_id, "username": username, "name": name, "avatar": avatar}


def fan_view(creator: Creator, fan: Fan) -> dict[str, Any]:
    return {
        **user_brief(fan.id, fan.username, fan.name, fan.avatar),
        "subscribedAt": iso(fan.subscribed_at),
        "expiredAt": iso(fan.expired_at),
        "subscribedIsExpiredNow": not fan.active,
        "subscribePrice": fan.price_cents,
        "listIds": creator.list_ids_of(fan.id),
        "isFan": True,
    }


def creator_public(creator: Creator) -> dict[str, Any]:
    return {
        **user_brief(creator.user_id, creator.username, creator.name, creator.avatar),
        "about": creator.about,
        "isVerified": True,
        "isPerformer": True,
        "subscribePrice": creator.subscribe_price_cents,
        "currency": "USD",
        "postsCount": len(published_posts(creator)),
        "joinDate": iso(creator.joined_at),
    }


def creator_profile(creator: Creator) -> dict[str, Any]:
    """`GET /users/me`: the public profile plus what only the creator sees."""
    media = creator.media.values()
    active = sum(1 for fan in creator.fans.values() if fan.active)
    return {
        **creator_public(creator),
        "email": creator.email,
        "header": f"https://cdn.platform.test/headers/{creator.user_id}.jpg",
        "subscribersCount": active,
        "photosCount": sum(1 for m in media if m.type == "photo"),
        "videosCount": sum(1 for m in media if m.type == "video"),
        "audiosCount": sum(1 for m in media if m.type == "audio"),
        "isPrivate": creator.is_private,
        "isRestricted": creator.restricted,
    }


def published_posts(creator: Creator) -> list[Post]:
    posts = [p for p in creator.posts.values() if p.scheduled_for is None]
    return sorted(posts, key=lambda p: (not p.pinned, -p.posted_at.timestamp()))


def message_view(creator: Creator, message: Message) -> dict[str, Any]:
    sender = creator.user_id if message.from_creator else message.fan_id
    return {
        "id": message.id,
        "chatId": message.fan_id,
        "text": message.text,
        "price": message.price,
        "isFree": not message.price,
        "mediaFiles": list(message.media_ids),
        "mediaCount": len(message.media_ids),
        "createdAt": iso(message.created_at),
        "fromUser": {"id": sender},
        "massMessageId": message.mass_message_id,
        "isLiked": message.liked,
        "isNew": not message.read,
        "canUnsend": message.from_creator,
    }


def chat_view(creator: Creator, fan: Fan, messages: list[Message]) -> dict[str, Any]:
    return {
        "id": fan.id,
        "withUser": user_brief(fan.id, fan.username, fan.name, fan.avatar),
        "lastMessage": message_view(creator, messages[-1]) if messages else None,
        "messagesCount": len(messages),
        "unreadMessagesCount": sum(1 for m in messages if not m.read and not m.from_creator),
    }


def queue_view(entry: QueueEntry) -> dict[str, Any]:
    total = len(entry.recipients)
    return {
        "id": entry.id,
        "text": entry.text,
        "price": entry.price,
        "mediaFiles": list(entry.media_ids),
        "userLists": list(entry.user_lists),
        "userIds": list(entry.user_ids),
        "excludeUserLists": list(entry.exclude_lists),
        "createdAt": iso(entry.created_at),
        "isDone": True,
        "pending": 0,
        "total": total,
        "sentCount": total,
        "canUnsend": True,
    }


def fan_list_view(fan_list: FanList) -> dict[str, Any]:
    return {
        "id": fan_list.id,
        "name": fan_list.name,
        "usersCount": len(fan_list.user_ids),
        "type": "custom",
    }


def media_view(creator: Creator, media: Media) -> dict[str, Any]:
    return {
        "id": media.id,
        "type": media.type,
        "createdAt": iso(media.created_at),
        "duration": media.duration,
        "isHidden": media.hidden,
        "listIds": [vl.id for vl in creator.vault_lists.values() if media.id in vl.media_ids],
        "preview": f"https://cdn.platform.test/vault/{media.id}/preview.jpg",
    }


def vault_list_view(creator: Creator, vault_list: VaultList) -> dict[str, Any]:
    kinds = [creator.media[m].type for m in vault_list.media_ids if m in creator.media]
    return {
        "id": vault_list.id,
        "name": vault_list.name,
        "type": "custom",
        "photosCount": kinds.count("photo"),
        "videosCount": kinds.count("video"),
        "audiosCount": kinds.count("audio"),
        "gifsCount": kinds.count("gif"),
        "mediasCount": len(kinds),
    }


def post_view(post: Post) -> dict[str, Any]:
    return {
        "id": post.id,
        "text": post.text,
        "price": post.price_cents,
        "isFree": not post.price_cents,
        "mediaFiles": list(post.media_ids),
        "mediaCount": len(post.media_ids),
        "postedAt": iso(post.posted_at),
        "likesCount": post.likes,
        "commentsCount": post.comments,
        "tipsAmount": post.tips_cents,
        "isPinned": post.pinned,
        "scheduledFor": iso(post.scheduled_for),
    }


def story_view(story: Story) -> dict[str, Any]:
    return {
        "id": story.id,
        "mediaType": story.media_type,
        "createdAt": iso(story.created_at),
        "viewersCount": story.views,
        "likesCount": story.likes,
        "isWatched": story.watched,
    }


def highlight_view(highlight: Highlight) -> dict[str, Any]:
    return {
        "id": highlight.id,
        "title": highlight.title,
        "storiesCount": len(highlight.story_ids),
        "cover": f"https://cdn.platform.test/highlights/{highlight.id}.jpg",
    }


def transaction_view(tx: Transaction) -> dict[str, Any]:
    return {
        "id": tx.id,
        "fanId": tx.fan_id,
        "kind": tx.kind,
        "description": tx.description,
        "status": tx.status,
        "grossCents": tx.gross_cents,
        "netCents": tx.net_cents,
        "feeCents": tx.fee_cents,
        "vatCents": tx.vat_cents,
        "currency": tx.currency,
        "occurredAt": iso(tx.occurred_at),
        "updatedAt": iso(tx.updated_at),
        "deleted": tx.deleted,
    }


def notification_view(note: Notification) -> dict[str, Any]:
    return {
        "id": note.id,
        "type": note.type,
        "text": note.text,
        "createdAt": iso(note.created_at),
        "isRead": note.read,
    }


def promo_view(promo: Promo, kind: str) -> dict[str, Any]:
    data = {
        "id": promo.id,
        "name": promo.name,
        "createdAt": iso(promo.created_at),
        "clicksCount": promo.clicks,
        "subscribersCount": promo.claims,
        "url": f"https://platform.test/{kind}/{promo.id}",
    }
    if kind == "trial":
        data.update(claimCounts=promo.claims, subscribeDays=promo.subscribe_days)
    return data
