"""A synced family kept as items is complete from its declaration alone, or this fails naming
what it lacks: its operation in openapi.yaml, the route the app serves, its MCP tool, its
platform route in the catalogue, its window setting and its filter; the docs table is the
registry's. The pages themselves are checked on both databases in test_synced_families.py
and beside it (test_synced_messages.py, test_synced_access.py)."""

from __future__ import annotations

import attrs
import pytest

from service.api.routes import api_routes
from service.http.spec import load_document
from service.mcp.schemas import TOOL_OPERATIONS
from service.platform.routes import ROUTES
from service.settings import Settings
from service.synced import families_docs as synced_docs
from service.synced.families import FAMILIES, FAN_LISTS, VAULT_MEDIA, Family
from service.synced.family_sync import Windows
from service.synced.tools import family_tool

DOCUMENT = load_document().document
SETTINGS = {f"COUNTERSIGN_{field.name.upper()}" for field in attrs.fields(Settings)}
SERVED = {route.path: route.endpoint for route in api_routes()}


def missing_parts(family: Family) -> list[str]:
    """What `family` lacks to be served everywhere (empty when nothing)."""
    missing = []
    path = "/v1/accounts/{accountId}" + family.path
    operation = DOCUMENT["paths"].get(path, {}).get("get", {})
    if operation.get("operationId") != family.operation:
        missing.append(f"GET {path} as {family.operation} in openapi.yaml")
    served = SERVED.get(path)
    if getattr(served, "operation_id", None) != family.operation:
        missing.append(f"the app's route {path}")
    if TOOL_OPERATIONS.get(family.tool) != family.operation:
        missing.append(f"MCP tool {family.tool}")
    platform = ROUTES.get(family.route)
    if platform is None or platform.is_write:
        missing.append(f"catalogued platform read {family.route}")
    if family.window is not None and family.window not in SETTINGS:
        missing.append(f"setting {family.window}")
    elif family.window is not None:
        try:
            Windows().kept(family)
        except KeyError:
            missing.append(f"the syncer's window {family.window}")
    if family.filter is not None:
        names = {p.get("name") for p in operation.get("parameters", [])}
        if family.filter.param not in names:
            missing.append(f"query parameter {family.filter.param}")
        if family.filter.of not in {other.name for other in FAMILIES}:
            missing.append(f"family {family.filter.of}")
    return missing


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.name)
def test_each_family_is_served_everywhere(family):
    assert missing_parts(family) == []


def test_an_undeclared_part_is_named():
    stray = attrs.evolve(
        VAULT_MEDIA,
        path="/stories",
        operation="listStories",
        tool="list_stories",
        route="GET /stories",
        window="COUNTERSIGN_SYNC_STORIES",
    )
    assert missing_parts(stray) == [
        "GET /v1/accounts/{accountId}/stories as listStories in openapi.yaml",
        "the app's route /v1/accounts/{accountId}/stories",
        "MCP tool list_stories",
        "catalogued platform read GET /stories",
        "setting COUNTERSIGN_SYNC_STORIES",
        "query parameter listId",
    ]


def test_the_syncer_keeps_what_the_declared_window_says():
    """A family's window is its setting's value; fan lists (no window) come whole with the
    snapshot."""
    windows = Windows(items=7)
    assert [windows.kept(f) for f in FAMILIES if f.window] == [7, 7, 7]
    assert FAN_LISTS.window is None


def test_a_family_tool_takes_its_filter_and_paging():
    names = [arg.name for arg in family_tool(VAULT_MEDIA).args]
    assert names == ["accountId", "listId", "cursor", "limit", "fresh"]


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.name)
def test_a_stored_row_sorts_where_its_cursor_points(family):
    """The syncer stores each item under the sort text its page's keyset is read with: were
    they to differ, a cursor would skip or repeat items."""
    item = {"id": "7", "name": "Zoë Mix", "postedAt": "2026-11-01T10:00:00.000Z"}
    item |= {"createdAt": "2026-11-02T10:00:00.000Z", "listIds": ["3"]}
    row_id, sort_text, _, stored = family.row(item)
    assert family.position(stored) == [sort_text, row_id]
    assert sort_text == (item[family.ordered_by] if family.newest_first else "zoë mix")


def test_the_docs_table_is_the_registry():
    page = synced_docs.PAGE.read_text()
    assert synced_docs.render(page) == page, (
        "docs/synced-data.md is stale: run `python -m service.synced.families_docs`"
    )
    for family in FAMILIES:
        assert f"`{family.tool}`" in synced_docs.table()
