"""The sandbox answers every catalogued GET route in the platform's shape.

The same reads run against the sandbox and against the harness's fake platform (over real
HTTP, through `PlatformClient`), and their shapes are compared: the keys of every object and
the type of every value (null and an empty list match anything, since data differs).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from harness.platform import PlatformState, run_platform_in_thread
from service.kit.outgoing_http import platform_session
from service.platform import PlatformClient, SandboxPlatform, sandbox_session
from service.platform.routes import READS, lookup
from service.platform.sandbox_reads import READS as SANDBOX_READS

NOW = datetime.now(UTC)
# Answers whose keys are data: unread counts by notification type (only types with unread ones).
KEYED_BY_DATA = {"GET /users/notifications/count": "all"}


@pytest.fixture(scope="module")
def platform():
    with run_platform_in_thread(PlatformState(seed=7)) as running:
        yield running


def shape(value: Any) -> Any:
    """A value's shape: objects by key, lists by the merged shape of their items."""
    if isinstance(value, dict):
        return {key: shape(item) for key, item in value.items()}
    if isinstance(value, list):
        merged: Any = None
        for item in value:
            merged = merge(merged, shape(item))
        return ["list", merged]
    if value is None:
        return None
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    return type(value).__name__


def merge(a: Any, b: Any) -> Any:
    if a is None:
        return b
    if b is None:
        return a
    if isinstance(a, dict) and isinstance(b, dict):
        return {k: merge(a.get(k), b.get(k)) for k in a.keys() | b.keys()}
    if isinstance(a, list) and isinstance(b, list):
        return ["list", merge(a[1], b[1])]
    return a


def differences(a: Any, b: Any, where: str = "") -> list[str]:
    if a is None or b is None:
        return []
    if isinstance(a, dict) and isinstance(b, dict):
        found = [f"{where}: keys {sorted(a.keys() ^ b.keys())}"] if a.keys() != b.keys() else []
        for key in a.keys() & b.keys():
            found += differences(a[key], b[key], f"{where}.{key}")
        return found
    if isinstance(a, list) and isinstance(b, list):
        return differences(a[1], b[1], f"{where}[]")
    return [] if a == b else [f"{where}: {a} != {b}"]


def query_for(route: str) -> dict[str, Any]:
    fields = {f.name for f in lookup(route).fields_in("query")}
    query: dict[str, Any] = {}
    if "startDate" in fields:
        end = NOW.date()
        query.update(startDate=(end - timedelta(days=300)).isoformat(), endDate=end.isoformat())
    if "limit" in fields:
        query["limit"] = 100
    if "query" in fields and route.endswith("search"):
        query["query"] = "p"  # every HTML message has a <p>
    return query


async def read_all(request, session: str, ids: dict[str, str]) -> dict[str, Any]:
    out = {}
    for route in READS:
        params = {}
        for name in route.params:
            params[name] = (
                ids[f"{route.name} {name}"] if f"{route.name} {name}" in ids else ids[name]
            )
        out[route.name] = await request(
            route.name, session=session, path_params=params, query=query_for(route.name)
        )
    return out


async def ids_of(request, session: str, me_id: str) -> dict[str, str]:
    chats = await request("GET /chats", session=session, query={"limit": 1})
    posts = await request("GET /posts", session=session, query={"limit": 1})
    fans = await request("GET /subscriptions/subscribers", session=session, query={"limit": 1})
    return {
        "id": chats["list"][0]["id"],
        "GET /users/:id id": fans["list"][0]["id"],
        "GET /users/:id/stories/highlights id": me_id,
        "GET /posts/:id id": posts["list"][0]["id"],
        "GET /subscriptions/:id/history id": fans["list"][0]["id"],
    }


async def test_every_catalogued_read_is_served_by_the_sandbox():
    assert set(SANDBOX_READS) == {r.name for r in READS}


async def test_sandbox_and_fake_platform_answer_reads_in_the_same_shape(platform):
    creator = platform.state.creator_by_email("mia@creators.test")
    token = platform.state.create_session(creator.user_id).token
    async with platform_session() as http:
        client = PlatformClient(platform.base_url, http, timeout=5.0)
        fake = await read_all(
            client.request, token, await ids_of(client.request, token, creator.user_id)
        )
    sandbox = SandboxPlatform()
    sandboxed = sandbox.creators("ws_contract")[0]
    session = sandbox_session("ws_contract", sandboxed["id"])
    ours = await read_all(
        sandbox.request, session, await ids_of(sandbox.request, session, sandboxed["id"])
    )
    for route, kept in KEYED_BY_DATA.items():
        fake[route], ours[route] = {kept: fake[route][kept]}, {kept: ours[route][kept]}
    problems = {
        route: found
        for route in fake
        if (found := differences(shape(fake[route]), shape(ours[route])))
    }
    assert problems == {}, problems
    # Both sides had data to compare: lists are not empty on either side (the sandbox's
    # ledger has no chargebacks; their rows are transactions, compared above).
    empty = [
        r
        for r in fake
        if isinstance(ours[r], dict)
        and ours[r].get("list") == []
        and r != "GET /payouts/chargebacks"
    ]
    assert empty == [], empty


async def test_sandbox_reads_agree_with_the_creators_synced_data():
    sandbox = SandboxPlatform(clock=lambda: NOW)
    creator = sandbox.creators("ws_agree")[0]
    session = sandbox_session("ws_agree", creator["id"])

    async def walk(route: str, limit: int = 100, **query: Any) -> list[dict[str, Any]]:
        """Every item of the route's list, page by page."""
        items: list[dict[str, Any]] = []
        while True:
            page = await sandbox.request(
                route, session=session, query={**query, "limit": limit, "offset": len(items)}
            )
            items += page["list"]
            if not page["hasMore"]:
                return items

    async def count(route: str, **query: Any) -> int:
        return len(await walk(route, **query))

    assert await count("GET /vault/media") == creator["counts"]["vaultItems"]
    assert await count("GET /chats") == creator["counts"]["chats"]
    assert await count("GET /posts") == creator["counts"]["posts"]
    assert (
        await count("GET /subscriptions/subscribers", type="active")
        == (creator["counts"]["activeFans"])
    )
    assert await count("GET /lists") == len(creator["lists"])
    me = await sandbox.request("GET /users/me", session=session)
    assert me["postsCount"] == creator["counts"]["posts"]
    chart = await sandbox.request(
        "GET /earnings/chart",
        session=session,
        query={
            "startDate": (NOW.date() - timedelta(days=60)).isoformat(),
            "endDate": NOW.date().isoformat(),
        },
    )
    counted = [
        t
        for t in creator["transactions"]
        if not t["deleted"] and t["status"] in ("pending", "completed")
    ]
    assert chart["total"]["total"] == sum(t["netCents"] for t in counted)
    per_day: dict[str, int] = {}
    for t in counted:
        day = datetime.fromisoformat(t["occurredAt"]).date().isoformat()
        per_day[day] = per_day.get(day, 0) + t["netCents"]
    points = chart["total"]["chartAmount"]
    assert len(points) == 61
    assert {p["date"]: p["count"] for p in points if p["count"]} == per_day
    vault = sandbox.content(creator)
    walked = await walk("GET /vault/media", limit=7)
    assert [item["id"] for item in walked] == [m["id"] for m in vault["media"]]
    for item in walked:
        assert item["listIds"] == [
            vl["id"] for vl in vault["vaultLists"] if item["id"] in vl["mediaIds"]
        ]
    assert any(item["listIds"] for item in walked)
    posts = await walk("GET /posts", limit=7)
    published = [p for p in vault["posts"] if p["scheduledFor"] is None]
    pinned = [p["id"] for p in published if p["isPinned"]]
    assert [p["id"] for p in posts[: len(pinned)]] == pinned
    rest = [p["postedAt"] for p in posts[len(pinned) :]]
    assert rest == sorted(rest, reverse=True)  # newest first after the pinned one
    assert sorted(p["id"] for p in posts) == sorted(p["id"] for p in published)
    for post in posts:
        assert post["isFree"] == (not post["price"])
        assert post["mediaCount"] == len(post["mediaFiles"])
    again = SandboxPlatform(clock=lambda: NOW)
    again.creators("ws_agree")
    assert await again.request("GET /posts", session=session) == await sandbox.request(
        "GET /posts", session=session
    )
