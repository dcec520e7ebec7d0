"""A synced fan of a linked account, and the changes an executed write makes to the synced
chats (each action type's registration says which, service/synced/chats.py applies them)."""

from __future__ import annotations

import datetime as dt

from attrs import frozen


@frozen
class Fan:
    workspace_id: str
    account_id: str
    id: str
    username: str
    name: str | None
    avatar_url: str | None
    subscription_status: str
    subscribed_at: dt.datetime | None
    expires_at: dt.datetime | None
    list_ids: tuple[str, ...] = ()


@frozen
class MessageSent:
    """A message the creator sent to one fan: added to the fan's chat as its last message."""

    fan_id: str
    message_id: str
    text: str
    """As the platform got it (normalised to HTML at creation)."""
    price_cents: int = 0
    media_ids: tuple[str, ...] = ()


@frozen
class MessagesUnsent:
    """One message unsent from its chat (`message_id`), or every copy of a mass message
    (`mass_message_id`): removed, and each chat it left points at its newest remaining one."""

    message_id: str | None = None
    mass_message_id: str | None = None


ChatChange = MessageSent | MessagesUnsent
"""What an executed write changes in the synced chats."""
