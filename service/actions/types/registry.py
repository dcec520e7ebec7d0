"""The registry of action types: `ActionType`, what an entry declares, and `REGISTRY`.

Creation, warnings, the approval page, the executor, the platform catalogue, MCP, the
dashboard and `GET /v1/action-types` all read the entry, so a new type is one `register(...)`
in a family module of this package plus its params and result schemas in openapi.yaml
(tests/actions/test_registry_complete.py fails when a registered type lacks a part).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from attrs import field, frozen

from service.actions.model import Action
from service.actions.types.reads import Reads
from service.domain.messages import visible_text
from service.synced.model import ChatChange

Params = Mapping[str, Any]
Json = dict[str, Any]
Named = list[tuple[str, str]]
"""(param path, id) pairs, e.g. ("audience.fanIds[2]", "40012"): what a warning points at."""

CURRENCY = "USD"


@frozen
class PlatformCall:
    """One platform route (service/platform/routes.py) with its path parameters and body."""

    route: str
    path_params: dict[str, str] = field(factory=dict)
    body: Json | None = None


@frozen
class Audience:
    """Whom a mass message reaches; creation counts it in the database for the estimate."""

    fan_ids: list[str]
    list_ids: list[str]
    exclude_list_ids: list[str]


def _nothing(params: Params) -> Named:
    return []


def _no_estimate(params: Params) -> int | Audience | None:
    return None


@frozen
class Source:
    """Where one action param goes in a platform route (`path id`, `body text`, ...)."""

    param: str
    source: str
    note: str = ""


@frozen
class Performs:
    """A platform route the type runs as, and where each of its params goes there. The
    catalogue (service/platform/routes.py) reads these, so `search_api`, `describe_endpoint`
    and the live route's 405 name the type that performs each write."""

    route: str
    params: tuple[Source, ...] = ()


def performs(route: str, *sources: tuple[str, str] | tuple[str, str, str]) -> Performs:
    return Performs(route, tuple(Source(*pair) for pair in sources))


@frozen
class Lookup:
    """One thing the params name, to look for in synced data before anyone approves:
    `family` says where (service/actions/warnings.py::SYNCED has each family's warning)."""

    param: str
    """The param it is about (`listId`, `events[2].postId`): the warning's `param`."""
    family: str
    key: str
    """The id (or, for `vault_list_names`, the name) to look for."""
    unless_id: str | None = None
    """For a name: no warning when the list that has it is this one (a rename to itself)."""


def _no_lookups(params: Params) -> list[Lookup]:
    return []


def no_synced_effect(params: Params, result: Json) -> ChatChange | None:
    """For a write that changes nothing the synced chats hold (or nothing known until the
    next sync reads it, as a mass message's copies)."""
    return None


ApprovalContext = Callable[[Reads, Action], Awaitable[Json]]
"""What an approver needs beside the action, from synced data only (the page must open fast
and work while the platform is down); the action page renders whichever keys it finds."""


async def no_synced_context(reads: Reads, action: Action) -> Json:
    """For a write that synced data says nothing about: the page shows the type's
    description and the summary, nothing more."""
    return {}


@frozen
class SummaryNames:
    """What synced data calls the things an action's params name, so its summary names them
    as the approver and an agent know them: fans as "Name (@username)", fan lists and vault
    lists by name, other creators as "@username". An id synced data has no name for stays the
    id, so the sentence still says exactly which thing it is."""

    fans: Mapping[str, str] = field(factory=dict)
    fan_lists: Mapping[str, str] = field(factory=dict)
    vault_lists: Mapping[str, str] = field(factory=dict)
    creators: Mapping[str, str] = field(factory=dict)

    def fan(self, fan_id: Any) -> str:
        return f"fan {self.fans.get(str(fan_id), fan_id)}"

    def fan_list(self, list_id: Any) -> str:
        name = self.fan_lists.get(str(list_id))
        return f'list "{name}"' if name else f"list {list_id}"

    def vault_list(self, list_id: Any) -> str:
        name = self.vault_lists.get(str(list_id))
        return f'vault list "{name}"' if name else f"vault list {list_id}"

    def creator(self, user_id: Any) -> str:
        return f"creator {self.creators.get(str(user_id), user_id)}"


NO_NAMES = SummaryNames()
"""Ids alone: for a summary written where no synced data is at hand."""


def fan_label(name: str | None, username: str) -> str:
    """A fan as people read one: "Toby J. (@tobyjensen14)", or "@tobyjensen14" with no name."""
    return f"{name} (@{username})" if name else f"@{username}"


Summary = Callable[[Params, str, int | None, SummaryNames], str]


@frozen
class ActionType:
    name: str
    params_schema: str
    """openapi.yaml's component for the request's `params`."""
    result_schemas: tuple[str, ...]
    """openapi.yaml's components `result` takes in live mode."""
    summary: Summary
    """One plain sentence a person can approve from: (params, "@username", recipients,
    names), naming what the params name by `names` (SummaryNames), never by a bare id when
    synced data has a name."""
    call: Callable[[Params], PlatformCall]
    """The platform write it runs as, from the params as stored (sent unchanged)."""
    result: Callable[[Params, str | None], Json]
    """`result` from the params and the id the platform gave what it made (None if none)."""
    returns_id: bool = False
    """The platform's answer carries the id of what the write made."""
    estimate: Callable[[Params], int | Audience | None] = _no_estimate
    fans: Callable[[Params], Named] = _nothing
    """Fans to check against the last sync (a warning when one is not found)."""
    lists: Callable[[Params], Named] = _nothing
    """Fan lists to check against the last sync."""
    needs_subscription: bool = False
    """Warn when a named fan's subscription has lapsed (messages only)."""
    description: str = ""
    """What the write does on the platform, for `GET /v1/action-types`, the docs and the page."""
    label: str = ""
    """The type as people say it ("Send a message"): how the dashboard's forms name it."""
    performs: tuple[Performs, ...] = ()
    """The platform routes `call` may choose, with the params' places in each."""
    lookups: Callable[[Params], list[Lookup]] = _no_lookups
    """Other things the params name, checked against synced data (messages, vault, posts)."""
    approval: ApprovalContext | None = None
    """The approval page's context (None: the type declares none, which the registry test
    refuses for a registered type)."""
    synced_effect: Callable[[Params, Json], ChatChange | None] = no_synced_effect
    """What the executed write changes in the synced chats, from the params as stored and the
    live `result`; service/synced/chats.py applies it at once, so the next sync finds those
    chats unchanged."""

    @property
    def routes(self) -> tuple[str, ...]:
        return tuple(p.route for p in self.performs)


REGISTRY: dict[str, ActionType] = {}


def register(kind: ActionType) -> ActionType:
    if kind.name in REGISTRY:
        raise ValueError(f"action type {kind.name} is already registered")
    REGISTRY[kind.name] = kind
    return kind


def type_of(name: str) -> ActionType:
    return REGISTRY[name]


def names() -> tuple[str, ...]:
    return tuple(REGISTRY)


def synced_change(action: Action, result: Json) -> ChatChange | None:
    """What `action`'s executed write changes in the synced chats: its type's `synced_effect`,
    except that a test-mode write (`{"simulated": true}`) reached nothing and changes nothing."""
    if not result or result.get("simulated"):
        return None
    return REGISTRY[action.type].synced_effect(action.params, result)


# --- helpers the entries share ---------------------------------------------------------


def price_of(params: Params) -> Json | None:
    cents = params.get("priceCents") or 0
    return {"amount": cents, "currency": CURRENCY} if cents > 0 else None


def platform_price(params: Params) -> Json:
    cents = params.get("priceCents") or 0
    return {"price": cents / 100} if cents else {}


def plain(markup: str, limit: int = 60) -> str:
    """The start of what a fan will read (never script or style content, entities decoded)."""
    text = visible_text(markup)
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


SUMMARY_LIMIT = 400
"""The most characters a stored summary holds (the actions table's column): a summary naming
many fans or lists ends in "…" rather than failing the creation."""


def clipped_summary(text: str) -> str:
    return text if len(text) <= SUMMARY_LIMIT else text[: SUMMARY_LIMIT - 1].rstrip() + "…"


def count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def paid_message(params: Params, what: str) -> str:
    """ "a paid message for $5.00 with 2 media items" and its plainer forms."""
    price = price_of(params)
    paid = f" for ${price['amount'] / 100:,.2f}" if price else ""
    media = (
        f" with {count(len(params['mediaIds']), 'media item')}" if params.get("mediaIds") else ""
    )
    return f"a{' paid' if price else ''} {what}{paid}{media}"


def fan_named(params: Params) -> Named:
    return [("fanId", params["fanId"])]


def list_named(params: Params) -> Named:
    return [("listId", params["listId"])] if params.get("listId") else []
