"""An account as the API shows it: in lists, in detail, and in the link that made it."""

from __future__ import annotations

from typing import Any

from service.accounts.model import Account
from service.domain.clock import isoformat


def account_json(account: Account) -> dict[str, Any]:
    return {
        "id": account.id,
        "username": account.username,
        "name": account.name,
        "avatarUrl": account.avatar_url,
        "status": account.status,
        "statusReason": account.status_reason,
        "writesEnabled": account.writes_enabled,
        "linkedAt": isoformat(account.linked_at),
        "lastSyncedAt": isoformat(account.last_synced_at),
    }


def account_detail_json(account: Account, policy: dict[str, Any]) -> dict[str, Any]:
    """The account in full, with the approval rules that apply to it (`policy`, worked out by
    the policies use case: the account's own or its workspace's)."""
    zero = {"amount": 0, "currency": "USD"}
    counts = {
        k: account.counts.get(k, 0)
        for k in ("activeFans", "expiredFans", "chats", "posts", "vaultItems")
    }
    revenue = {
        "gross": account.revenue30d.get("gross", zero),
        "net": account.revenue30d.get("net", zero),
    }
    return {
        **account_json(account),
        "counts": counts,
        "revenue30d": revenue,
        "subscriptionPrice": account.subscription_price,
        "policy": policy,
    }
