"""The catalogue of platform routes: one table, and the request-function contract.

Each row of `TABLE` is one platform route: its method and path template, its area,
a one-line description and its path/query/body fields (types, and the allowed values). Which
action type performs a write route is declared by that type's registry entry and looked up in
service/actions/execution/write_routes.py, so this table knows nothing of actions. The table drives
everything that speaks about platform routes: the request function
refuses a route that is not here (a ValueError: a programming error, not a platform answer, so
a typo can never call some other platform path), `GET /v1/accounts/{id}/platform/{path}`
matches and validates reads with it, openapi.yaml describes that route from it (a test keeps
them equal), and MCP's `search_api`/`describe_endpoint`/`call_platform` read it (`resolve`
finds a route by the name an agent gives).

The three list routes (`GET /lists`, list membership writes) are our design; the platform
documents none, and the `add_fan_to_list`/`remove_fan_from_list` actions need them. `offset` beside
`limit` is our platform wire design too (harness/platform/README.md: paged reads take both).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from service.platform.route_model import PARAM, Field, PlatformRoute

LIMIT = Field("limit", "query", "integer", "Page size (default 10).", minimum=1, maximum=100)
OFFSET = Field("offset", "query", "integer", "Items to skip.", minimum=0, maximum=1_000_000)
START = Field("startDate", "query", "date", "First day, YYYY-MM-DD (default: 30 days ago).")
END = Field("endDate", "query", "date", "Last day, YYYY-MM-DD (default: today).")
PAGE = (LIMIT, OFFSET)
RANGE = (START, END)
FAN_TYPES = ("active", "expired", "all")
HTML = Field("text", "body", "html", "The text as HTML, e.g. <p>Hi</p>.", required=True)
MEDIA_FILES = Field("mediaFiles", "body", "ids", "Vault media ids to attach.")
MEDIA_IDS = Field("mediaIds", "body", "ids", "Vault media ids (numeric).", required=True)
VAULT_NAME = Field("name", "body", "string", "The vault list's name.", required=True)
_PATH_DESCRIPTIONS = {
    "/chats/:id": "The chat id, which is the fan's id.",
    "/lists/:id": "The fan list's id.",
    "/users/:id": "A user id (a fan, the creator, or another creator).",
}


def _path_fields(template: str) -> tuple[Field, ...]:
    fields = []
    for name in PARAM.findall(template):
        prefix = template.split(f":{name}")[0] + f":{name}"
        described = _PATH_DESCRIPTIONS.get(prefix, "A platform id.")
        if name == "userId":
            described = "The fan's id."
        fields.append(Field(name, "path", "id", described, required=True))
    return tuple(fields)


def route(name: str, area: str, summary: str, *fields: Field) -> PlatformRoute:
    method, template = name.split(" ", 1)
    return PlatformRoute(
        name=name,
        method=method,
        template=template,
        params=tuple(PARAM.findall(template)),
        area=area,
        summary=summary,
        fields=_path_fields(template) + fields,
        segments=tuple(template.strip("/").split("/")),
    )


TABLE: tuple[PlatformRoute, ...] = (
    # Chats
    route(
        "GET /chats",
        "Chats",
        "The creator's chats with fans, most recent activity first.",
        *PAGE,
        Field("order", "query", "string", "Sort order.", values=("recent",)),
    ),
    route(
        "GET /chats/:id/messages",
        "Chats",
        "The messages of one chat (the chat id is the fan's id).",
        *PAGE,
        Field("order", "query", "string", "Sort order (newest first).", values=("desc",)),
    ),
    route(
        "GET /chats/:id/messages/search",
        "Chats",
        "Messages of one chat that contain a keyword.",
        Field("query", "query", "string", "The keyword.", required=True),
    ),
    route("POST /chats/:id/mark-as-read", "Chats", "Marks a chat as read."),
    # Messages
    route(
        "POST /chats/:id/messages",
        "Messages",
        "Sends a message to a fan; `price` (dollars) makes it paid.",
        HTML,
        MEDIA_FILES,
        Field("price", "body", "number", "Price in dollars; makes the message paid."),
    ),
    route(
        "POST /messages/queue",
        "Messages",
        "Sends a mass message to fan lists.",
        HTML,
        MEDIA_FILES,
        Field("userLists", "body", "ids", "Fan list ids to send to.", required=True),
    ),
    route(
        "GET /messages/queue",
        "Messages",
        "Mass messages sent or being sent, with `isDone`, `pending` and `total`.",
    ),
    route("PUT /messages/queue/:id", "Messages", "Edits a mass message's text.", HTML),
    route(
        "DELETE /messages/queue/:id",
        "Messages",
        "Unsends every copy of a mass message.",
    ),
    route("POST /messages/:id/like", "Messages", "Likes a message."),
    route("DELETE /messages/:id/like", "Messages", "Removes a like from a message."),
    route(
        "DELETE /messages/:id",
        "Messages",
        "Unsends one of the creator's messages.",
    ),
    # Subscriptions
    route(
        "GET /subscriptions/subscribers",
        "Subscriptions",
        "The creator's fans (subscribers), newest first.",
        *PAGE,
        Field("type", "query", "string", "Which subscriptions.", values=FAN_TYPES),
        Field("query", "query", "string", "Only fans whose username or name has this text."),
    ),
    route(
        "GET /subscriptions/subscribes",
        "Subscriptions",
        "Creators this creator subscribes to.",
        *PAGE,
        Field("type", "query", "string", "Which subscriptions.", values=FAN_TYPES),
    ),
    route(
        "GET /subscriptions/count/all",
        "Subscriptions",
        "Counts of subscribers: `subscribers.active` and `subscribers.expired`.",
    ),
    route("GET /subscriptions/:id/history", "Subscriptions", "A fan's subscription history."),
    route("POST /users/:id/subscribe", "Subscriptions", "Subscribes to another creator."),
    route("DELETE /users/:id/subscribe", "Subscriptions", "Unsubscribes from a creator."),
    route("GET /trials", "Subscriptions", "Free trial links.", *PAGE),
    route("GET /trials/stats", "Subscriptions", "Totals over the trial links."),
    route("GET /trials/chart", "Subscriptions", "Trial claims per day.", *RANGE),
    # Earnings
    route(
        "GET /earnings/chart",
        "Earnings",
        "Earnings by source (`total`, `subscribes`, `tips`, `chat_messages`) per day.",
        *RANGE,
    ),
    route("GET /payouts/stats", "Earnings", "Totals earned and paid out."),
    route("GET /payouts/requests", "Earnings", "Payout requests."),
    route(
        "GET /payouts/balances",
        "Earnings",
        "Balances: `payoutAvailable` and `payoutPending` (cents).",
    ),
    route("GET /payouts/chargebacks", "Earnings", "Chargebacks, newest first.", *PAGE),
    route("GET /payouts/transactions", "Earnings", "Revenue transactions, newest first.", *PAGE),
    route("GET /payments/referrals/balance", "Earnings", "The referral balance."),
    route("GET /campaigns", "Earnings", "Promotion campaigns.", *PAGE),
    route("GET /campaigns/chart", "Earnings", "Campaign clicks and subscribers per day.", *RANGE),
    # Users
    route(
        "GET /users/me",
        "Users",
        "The creator's own profile (`name`, `username`, `subscribersCount`, `postsCount`).",
    ),
    route("GET /users/:id", "Users", "A user: a fan, the creator, or another creator."),
    route("GET /users/me/stats/overview", "Users", "Last 30 days at a glance."),
    route("GET /users/notifications", "Users", "Notifications, newest first.", *PAGE),
    route("POST /users/notifications/read", "Users", "Marks every notification read."),
    route("GET /users/notifications/count", "Users", "Unread notifications (`all`, by type)."),
    route("GET /users/me/settings", "Users", "Profile settings (`isPrivate`)."),
    route(
        "GET /users/blocked",
        "Users",
        "Blocked users.",
        *PAGE,
        Field("format", "query", "string", "Paging format.", values=("infinite",)),
    ),
    route("POST /users/profile/visit", "Users", "Records a profile visit."),
    route("POST /users/profile/view", "Users", "Records a profile view."),
    # Posts
    route("GET /posts", "Posts", "Published posts, pinned first.", *PAGE),
    route("GET /posts/:id", "Posts", "One post."),
    route("GET /posts/chart", "Posts", "Post likes and views per day.", *RANGE),
    route(
        "GET /posts/top",
        "Posts",
        "Top posts in a date range.",
        *RANGE,
        Field("by", "query", "string", "Ranking.", values=("tips",)),
        OFFSET,
        Field("skip_users", "query", "string", "Users to skip.", values=("all",)),
    ),
    route("GET /schedules/later/post", "Posts", "Scheduled posts, soonest first.", *PAGE),
    route(
        "POST /posts/stats-collect",
        "Posts",
        "Reports post view events.",
        Field(
            "actions",
            "body",
            "objects",
            "Events: `action`, `postId`, `eventTime`, `duration`.",
            required=True,
        ),
    ),
    # Vault
    route("GET /vault/lists", "Vault", "Vault lists with `name` and `photosCount`.", *PAGE),
    route("POST /vault/lists", "Vault", "Creates a vault list.", VAULT_NAME),
    route("PATCH /vault/lists/:id", "Vault", "Renames a vault list.", VAULT_NAME),
    route("DELETE /vault/lists/:id", "Vault", "Deletes a vault list."),
    route("POST /vault/lists/:id/media", "Vault", "Adds media to a vault list.", MEDIA_IDS),
    route("DELETE /vault/lists/:id/media", "Vault", "Removes media from a vault list.", MEDIA_IDS),
    route(
        "PUT /vault/media/hidden",
        "Vault",
        "Hides or unhides vault media.",
        MEDIA_IDS,
        Field("hidden", "body", "boolean", "true hides the media, false shows them again."),
    ),
    route("GET /vault/media/types", "Vault", "How many vault items of each media type."),
    route(
        "GET /vault/media",
        "Vault",
        "Vault media, newest first; `list` keeps one vault list's media.",
        Field("list", "query", "id", "A vault list id."),
        *PAGE,
    ),
    # Stories
    route("GET /stories/items", "Stories", "The creator's current stories.", *PAGE),
    route(
        "GET /users/:id/stories/highlights",
        "Stories",
        "A user's story highlights (`title`, `storiesCount`).",
    ),
    route("GET /stories/chart", "Stories", "Story views per day.", *RANGE),
    route("GET /stories/top", "Stories", "Most viewed stories in a date range.", *RANGE),
    route("GET /stories/map", "Stories", "Who has stories, and whether any are unwatched."),
    route("PUT /stories/:id/watched", "Stories", "Marks a story watched."),
    # Fan lists (our design: list membership writes)
    route("GET /lists", "Fan lists", "The creator's fan lists (`usersCount`).", *PAGE),
    route(
        "POST /lists/:id/users",
        "Fan lists",
        "Adds fans to a fan list.",
        Field("userIds", "body", "ids", "Fan ids.", required=True),
    ),
    route(
        "DELETE /lists/:id/users/:userId",
        "Fan lists",
        "Removes a fan from a fan list.",
    ),
)

ROUTES: dict[str, PlatformRoute] = {r.name: r for r in TABLE}
# Routes by method, segment count and first segment (always literal): a path is only compared
# with the few templates of its length under the same first segment (25 GETs have two).
_BY_SHAPE: dict[tuple[str, int, str], list[PlatformRoute]] = {}
for _route in TABLE:
    assert not _route.segments[0].startswith(":"), _route.template
    _BY_SHAPE.setdefault((_route.method, len(_route.segments), _route.segments[0]), []).append(
        _route
    )
CATALOGUE: tuple[str, ...] = tuple(ROUTES)
READS: tuple[PlatformRoute, ...] = tuple(r for r in TABLE if not r.is_write)


def lookup(route: str) -> PlatformRoute:
    """The catalogued route, or ValueError for anything else."""
    try:
        return ROUTES[route]
    except (KeyError, TypeError):
        raise ValueError(f"{route!r} is not a platform route in the catalogue") from None


def _specificity(candidate: PlatformRoute) -> tuple[bool, ...]:
    """Literal segments win over `:params` from left to right (`/users/me` over `/users/:id`)."""
    return tuple(s.startswith(":") for s in candidate.segments)


def match(method: str, path: str) -> tuple[PlatformRoute, dict[str, str]] | None:
    """The catalogued route of `method` whose template fits `path` (no leading `/` needed),
    with its `:params`; the most literal one when several fit."""
    segments = tuple(path.strip("/").split("/")) if path.strip("/") else ()
    if not segments or path.endswith("//") or "" in segments:
        return None
    found = [
        (candidate, params)
        for candidate in _BY_SHAPE.get((method, len(segments), segments[0]), ())
        if (params := candidate.match(segments)) is not None
    ]
    if not found:
        return None
    return min(found, key=lambda item: _specificity(item[0]))


def resolve(name: str) -> tuple[PlatformRoute, dict[str, str]] | None:
    """A route by name (`GET /vault/media`, `get vault/media`) or by a concrete path
    (`GET /users/123`), with the `:params` a concrete path filled in (`{"id": "123"}`)."""
    method, _, path = name.strip().partition(" ")
    method, path = method.upper(), "/" + path.strip().lstrip("/")
    found = ROUTES.get(f"{method} {path}")
    if found is not None:
        return found, {}
    matched = match(method, path)
    if matched is None:
        return None
    route, params = matched
    return route, {k: v for k, v in params.items() if not v.startswith(":")}


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
