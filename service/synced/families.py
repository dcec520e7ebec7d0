"""The synced families kept as items: fan lists, posts, vault lists and vault media.

Each is declared once here, and everything else is made from the declaration: the rows the
syncer stores, the REST list (service/synced/rest.py), its MCP tool and its row in the
route table of docs/synced-data.md (`python -m service.synced.families_docs`). A new family of this
kind is one entry here, its operation in openapi.yaml, what the syncer reads, and tests.

Chats, messages, fans and earnings have rules of their own (a chat's messages and its search,
a fan's spend and lists, a range of days), so their handlers are written out in service/api/.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from attrs import frozen

from service.domain.item_families import ItemFamily
from service.synced import shapes

Row = tuple[str, str, list[str], dict[str, Any]]
"""A stored item: its id, its sort text, the ids it is tagged with, its API shape."""
BY_NAME = "name"


@frozen
class Filter:
    """A list narrowed to the items tagged with one item of another family."""

    param: str
    """The REST query parameter (and MCP argument) that takes the other item's id."""
    platform: str
    """The platform's query parameter for the same narrowing (on `fresh=true`)."""
    of: ItemFamily
    """The family the id belongs to: an unknown id is `404 resource_not_found`."""
    noun: str
    """What the id names, in the 404's message."""
    about: str
    """The parameter's description, as openapi.yaml gives it."""


@frozen
class Family:
    name: ItemFamily
    """The stored family, as `synced_items.family` holds it."""
    path: str
    """Below /v1/accounts/{accountId}."""
    operation: str
    """Its operationId in openapi.yaml."""
    tool: str
    """Its MCP tool."""
    summary: str
    """What the MCP tool says it returns."""
    fields: str
    """What each item holds, for the docs' route table."""
    route: str
    """The platform's list route (read by the syncer, and live on `fresh=true`)."""
    shape: Callable[[dict[str, Any]], dict[str, Any]]
    """A platform row in the API's shape."""
    ordered_by: str
    """`name`: A to Z, case-insensitive; else a timestamp field, newest first."""
    window: str | None
    """The setting that caps how many are kept; None: the syncer keeps them all."""
    tags: str | None = None
    """The field listing the ids of the other family's items an item is in."""
    filter: Filter | None = None

    @property
    def listed_as(self) -> str:
        """The name its cursors are bound to: the path's words (`vault_media`)."""
        return self.path.strip("/").replace("/", "_")

    @property
    def newest_first(self) -> bool:
        return self.ordered_by != BY_NAME

    @property
    def order(self) -> str:
        return "newest first" if self.newest_first else "name"

    def sort_text(self, item: dict[str, Any]) -> str:
        value = str(item[self.ordered_by])
        return value if self.newest_first else value.lower()

    def position(self, item: dict[str, Any]) -> list[Any]:
        """Where an item sits in its list: the keyset a page's cursor holds."""
        return [self.sort_text(item), item["id"]]

    def row(self, item: dict[str, Any]) -> Row:
        """An item in the API's shape as the syncer stores it."""
        tags = [str(tag) for tag in item[self.tags]] if self.tags else []
        return item["id"], self.sort_text(item), tags, item


FAN_LISTS = Family(
    name=ItemFamily.FAN_LISTS,
    path="/lists",
    operation="listFanLists",
    tool="list_fan_lists",
    summary="The account's fan lists (audiences for mass messages), each with its size.",
    fields="fan lists: `id`, `name`, `fansCount`",
    route="GET /lists",
    shape=shapes.fan_list,
    ordered_by=BY_NAME,
    window=None,
)
POSTS = Family(
    name=ItemFamily.POSTS,
    path="/posts",
    operation="listPosts",
    tool="list_posts",
    summary="The account's published posts, newest first.",
    fields="published posts (one by id: `/posts/{postId}`)",
    route="GET /posts",
    shape=shapes.post,
    ordered_by="postedAt",
    window="COUNTERSIGN_SYNC_ITEMS",
)
VAULT_LISTS = Family(
    name=ItemFamily.VAULT_LISTS,
    path="/vault/lists",
    operation="listVaultLists",
    tool="list_vault_lists",
    summary="The vault's lists (folders of media) with their sizes.",
    fields="vault lists with sizes",
    route="GET /vault/lists",
    shape=shapes.vault_list,
    ordered_by=BY_NAME,
    window="COUNTERSIGN_SYNC_ITEMS",
)
VAULT_MEDIA = Family(
    name=ItemFamily.VAULT_MEDIA,
    path="/vault/media",
    operation="listVaultMedia",
    tool="list_vault_media",
    summary="Vault media, newest first; their ids are what message actions take as mediaIds.",
    fields="vault media; `listId=` filters",
    route="GET /vault/media",
    shape=shapes.vault_media,
    ordered_by="createdAt",
    window="COUNTERSIGN_SYNC_ITEMS",
    tags="listIds",
    filter=Filter(
        param="listId",
        platform="list",
        of=VAULT_LISTS.name,
        noun="vault list",
        about="Only media in this vault list.",
    ),
)

FAMILIES = (FAN_LISTS, POSTS, VAULT_LISTS, VAULT_MEDIA)
