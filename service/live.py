"""Live reads (`fresh=true`): the platform answers now instead of synced data.

Only live reads stop for unavailable accounts (SPEC 3.2); synced reads keep working. A session
the platform refuses moves the account to the status it means, so the dashboard shows it too.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from attrs import evolve

from service.api.errors import ApiError
from service.domain.models import Account, Fan
from service.platform.errors import AccountUnavailable, PlatformError
from service.platform.sandbox import sandbox_session


class LiveReads:
    def __init__(self, services) -> None:
        self.services = services

    def _platform_and_session(self, account: Account):
        if account.unavailable:
            raise ApiError("account_unavailable", account.status_reason,
                           account_status=account.status)
        if account.mode == "test":
            return self.services.sandbox, sandbox_session(account.workspace_id, account.id)
        if self.services.platform is None or account.session_secret is None:
            raise ApiError("platform_error", "No platform session is available for live reads.")
        return self.services.platform, self.services.secrets.open(account.session_secret)

    async def _call(self, account: Account, route: str, **kwargs) -> Any:
        platform, session = self._platform_and_session(account)
        try:
            return await platform.request(route, session=session, **kwargs)
        except AccountUnavailable as exc:
            async with self.services.store.transaction() as uow:
                await uow.accounts.move(account.workspace_id, account.id,
                                        from_status=account.status,
                                        from_session=account.session_secret,
                                        status=exc.account_status, status_reason=exc.message)
            raise ApiError("account_unavailable", exc.message,
                           account_status=exc.account_status) from None
        except PlatformError as exc:
            raise ApiError(exc.code, exc.message) from None

    async def account(self, principal, account: Account) -> tuple[Account, dt.datetime]:
        me = await self._call(account, "GET /users/me")
        counts = await self._call(account, "GET /subscriptions/count/all")
        subscribers = counts.get("subscribers", {})
        price = me.get("subscribePrice")
        live = evolve(
            account, username=me.get("username", account.username),
            name=me.get("name", account.name), avatar_url=me.get("avatar", account.avatar_url),
            counts={**account.counts, "activeFans": subscribers.get("active", 0),
                    "expiredFans": subscribers.get("expired", 0),
                    "posts": me.get("postsCount", account.counts.get("posts", 0))},
            subscription_price={"amount": int(price), "currency": "USD"}
            if price is not None else account.subscription_price)
        return live, self.services.clock.now()

    async def fans(self, account: Account, *, search: str | None, offset: int,
                   limit: int) -> tuple[list[Fan], bool]:
        query: dict[str, Any] = {"limit": limit, "offset": offset, "type": "all"}
        if search:
            query["query"] = search
        answer = await self._call(account, "GET /subscriptions/subscribers", query=query)
        fans = [platform_fan(account, row) for row in answer.get("list", [])]
        return fans, bool(answer.get("hasMore"))


def _time(value: Any) -> dt.datetime | None:
    """Platform times are ISO 8601; an unreadable one is treated as unknown, never a 500."""
    if not value:
        return None
    try:
        return dt.datetime.fromisoformat(str(value))
    except ValueError:
        return None


def platform_fan(account: Account, row: dict[str, Any]) -> Fan:
    """A fan as the platform describes it, in our shape (shared by live reads and the syncer)."""
    expired = row.get("subscribedIsExpiredNow", row.get("subscriptionStatus") == "expired")
    return Fan(workspace_id=account.workspace_id, account_id=account.id, id=str(row["id"]),
               username=row.get("username") or str(row["id"]), name=row.get("name"),
               avatar_url=row.get("avatar") or row.get("avatarUrl"),
               subscription_status="expired" if expired else "active",
               subscribed_at=_time(row.get("subscribedAt")),
               expires_at=_time(row.get("expiredAt") or row.get("expiresAt")),
               list_ids=tuple(str(x) for x in row.get("listIds", [])))
