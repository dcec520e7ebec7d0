"""The catalogue of platform routes the service may call, and the request-function contract.

Routes are data: `"GET /chats/:id/messages"` names one platform call (SPEC 4.6) and its
`:params`. The catalogue is closed on purpose: `request()` refuses a route string that is not
here (a ValueError: a programming error, not a platform answer), so a typo can never turn into
a call to some other platform path. The three list-membership routes are our design; SPEC 4.6
shows none, and the `add_fan_to_list`/`remove_fan_from_list` actions need them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Protocol
from urllib.parse import quote

from attrs import frozen

_PARAM = re.compile(r":([A-Za-z_]\w*)")

CATALOGUE: tuple[str, ...] = (
    # Chats
    "GET /chats",
    "GET /chats/:id/messages",
    "GET /chats/:id/messages/search",
    "POST /chats/:id/mark-as-read",
    # Messages
    "POST /chats/:id/messages",
    "POST /messages/queue",
    "GET /messages/queue",
    "PUT /messages/queue/:id",
    "DELETE /messages/queue/:id",
    "POST /messages/:id/like",
    "DELETE /messages/:id/like",
    "DELETE /messages/:id",
    # Subscriptions
    "GET /subscriptions/subscribers",
    "GET /subscriptions/subscribes",
    "GET /subscriptions/count/all",
    "GET /subscriptions/:id/history",
    "POST /users/:id/subscribe",
    "DELETE /users/:id/subscribe",
    "GET /trials",
    "GET /trials/stats",
    "GET /trials/chart",
    # Earnings
    "GET /earnings/chart",
    "GET /payouts/stats",
    "GET /payouts/requests",
    "GET /payouts/balances",
    "GET /payouts/chargebacks",
    "GET /payouts/transactions",
    "GET /payments/referrals/balance",
    "GET /campaigns",
    "GET /campaigns/chart",
    # Users
    "GET /users/me",
    "GET /users/:id",
    "GET /users/me/stats/overview",
    "GET /users/notifications",
    "POST /users/notifications/read",
    "GET /users/notifications/count",
    "GET /users/me/settings",
    "GET /users/blocked",
    "POST /users/profile/visit",
    "POST /users/profile/view",
    # Posts
    "GET /posts",
    "GET /posts/:id",
    "GET /posts/chart",
    "GET /posts/top",
    "GET /schedules/later/post",
    "POST /posts/stats-collect",
    # Vault
    "GET /vault/lists",
    "POST /vault/lists",
    "PATCH /vault/lists/:id",
    "DELETE /vault/lists/:id",
    "POST /vault/lists/:id/media",
    "DELETE /vault/lists/:id/media",
    "PUT /vault/media/hidden",
    "GET /vault/media/types",
    "GET /vault/media",
    # Stories
    "GET /stories/items",
    "GET /users/:id/stories/highlights",
    "GET /stories/chart",
    "GET /stories/top",
    "GET /stories/map",
    "PUT /stories/:id/watched",
    # Fan lists (our design: list membership writes)
    "GET /lists",
    "POST /lists/:id/users",
    "DELETE /lists/:id/users/:userId",
)


@frozen
class PlatformRoute:
    """One catalogued route: its method, its path template and the `:params` it needs."""

    name: str
    method: str
    template: str
    params: tuple[str, ...]

    @property
    def is_write(self) -> bool:
        return self.method != "GET"

    def path(self, path_params: Mapping[str, Any] | None) -> str:
        """The concrete path; every `:param` must be given, and nothing else."""
        given = {k: str(v) for k, v in (path_params or {}).items()}
        if set(given) != set(self.params):
            raise ValueError(
                f"{self.name} takes path params {sorted(self.params)}, got {sorted(given)}"
            )
        for value in given.values():
            if not value:
                raise ValueError(f"{self.name}: path params must not be empty")
        return _PARAM.sub(lambda m: quote(given[m.group(1)], safe=""), self.template)


def _parse(name: str) -> PlatformRoute:
    method, template = name.split(" ", 1)
    return PlatformRoute(name, method, template, tuple(_PARAM.findall(template)))


ROUTES: dict[str, PlatformRoute] = {name: _parse(name) for name in CATALOGUE}


def lookup(route: str) -> PlatformRoute:
    """The catalogued route, or ValueError for anything else."""
    try:
        return ROUTES[route]
    except (KeyError, TypeError):
        raise ValueError(f"{route!r} is not a platform route in the catalogue") from None


class PlatformRequester(Protocol):
    """What the executor, syncer and live reads call: the real client or the sandbox."""

    async def request(
        self,
        route: str,
        *,
        session: str,
        path_params: Mapping[str, Any] | None = None,
        query: Mapping[str, Any] | None = None,
        body: Mapping[str, Any] | None = None,
    ) -> Any: ...
