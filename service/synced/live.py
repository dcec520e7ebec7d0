"""Live reads (`fresh=true`): the platform answers now instead of synced data.

Only live reads stop for unavailable accounts; synced reads keep working. A session
the platform refuses moves the account to the status it means, so the dashboard shows it too.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from attrs import evolve

from service.accounts import status as account_status
from service.accounts.model import Account
from service.domain.clock import Clock
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.platform.budget import BudgetSpent
from service.platform.errors import AccountUnavailable, PlatformError
from service.platform.seam import NotConnected, Platforms
from service.ports import Store
from service.synced.fans import platform_fan
from service.synced.model import Fan

NOT_FOUND = ("fan_not_found", "chat_not_found", "resource_not_found")


class LiveReads:
    def __init__(self, store: Store, clock: Clock, platforms: Platforms) -> None:
        self.store, self.clock, self.platforms = store, clock, platforms

    async def _call(self, account: Account, route: str, **kwargs: Any) -> Any:
        if account.unavailable:
            raise ApiError(
                ErrorCode.ACCOUNT_UNAVAILABLE, account.status_reason, account_status=account.status
            )
        try:
            connection = self.platforms.connect(account, enforce_budget=True)
        except NotConnected:
            raise ApiError(
                ErrorCode.PLATFORM_ERROR, "No platform session is available for live reads."
            ) from None
        try:
            return await connection.platform.request(route, session=connection.session, **kwargs)
        except BudgetSpent as spent:
            raise ApiError(
                ErrorCode.RATE_LIMITED,
                "This account's budget of platform calls is spent for now; live reads "
                "protect the creator's session.",
                hint=f"Retry after {spent.wait} seconds, or read synced data (without "
                "`fresh=true`), which is available meanwhile.",
                headers={"Retry-After": str(spent.wait)},
            ) from None
        except AccountUnavailable as exc:
            if exc.account_status is not None:
                async with self.store.transaction() as uow:
                    await account_status.platform_said(
                        uow, account, exc.account_status, exc.message, self.clock.now()
                    )
            raise ApiError(
                ErrorCode.ACCOUNT_UNAVAILABLE, exc.message, account_status=exc.account_status
            ) from None
        except PlatformError as exc:
            raise ApiError(ErrorCode(exc.code), exc.message) from None  # the platform error's code

    async def account(self, account: Account) -> tuple[Account, dt.datetime]:
        me = await self._call(account, "GET /users/me")
        counts = await self._call(account, "GET /subscriptions/count/all")
        subscribers = counts.get("subscribers", {})
        price = me.get("subscribePrice")
        live = evolve(
            account,
            username=me.get("username", account.username),
            name=me.get("name", account.name),
            avatar_url=me.get("avatar", account.avatar_url),
            counts={
                **account.counts,
                "activeFans": subscribers.get("active", 0),
                "expiredFans": subscribers.get("expired", 0),
                "posts": me.get("postsCount", account.counts.get("posts", 0)),
            },
            subscription_price={"amount": int(price), "currency": "USD"}
            if price is not None
            else account.subscription_price,
        )
        return live, self.clock.now()

    async def route(
        self,
        account: Account,
        route: str,
        path_params: dict[str, str],
        query: dict[str, Any],
    ) -> tuple[Any, dt.datetime]:
        """One catalogued read, answered as the platform (or the sandbox) answered it."""
        answer = await self._call(account, route, path_params=path_params, query=query)
        return answer, self.clock.now()

    async def fans(
        self, account: Account, *, search: str | None, offset: int, limit: int
    ) -> tuple[list[Fan], bool]:
        query: dict[str, Any] = {"limit": limit, "offset": offset, "type": "all"}
        if search:
            query["query"] = search
        answer = await self._call(account, "GET /subscriptions/subscribers", query=query)
        fans = [platform_fan(account, row) for row in answer.get("list", [])]
        return fans, bool(answer.get("hasMore"))

    async def read(
        self,
        account: Account,
        route: str,
        *,
        path_params: dict[str, Any] | None = None,
        query: dict[str, Any] | None = None,
        param: str | None = None,
    ) -> tuple[Any, dt.datetime]:
        """One platform read route as the platform answers it now, and when it was read.
        A platform 404 is `fan_not_found`, `chat_not_found` or `resource_not_found`, naming
        `param` (the path parameter that named the missing thing)."""
        try:
            answer = await self._call(account, route, path_params=path_params, query=query)
        except ApiError as error:
            if error.code in NOT_FOUND and param is not None:
                raise ApiError(error.info.code, error.message, param=param) from None
            raise
        return answer, self.clock.now()
