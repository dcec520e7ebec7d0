"""The sandbox's media reads: posts (published, pinned, scheduled, top), the vault's lists and
media, stories and highlights, with the post and story charts.

All of it comes from the creator's content (sandbox_content.py).
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from .errors import NotFoundUpstream
from .sandbox_views import Params, Query, Record, date_range, find_fan, made_up, page, total

if TYPE_CHECKING:
    from .sandbox import SandboxPlatform


def post_chart(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Any:
    likes = made_up(sandbox, creator, query, "post-likes", 0, 80)
    views = made_up(sandbox, creator, query, "post-views", 20, 600)
    return {
        "likes": likes,
        "views": views,
        "total": {"likes": total(likes), "views": total(views)},
    }


def story_chart(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Any:
    views = made_up(sandbox, creator, query, "story-views", 10, 300)
    return {"views": views, "total": total(views)}


def _post_view(post: Record) -> Record:
    return {**post, "isFree": not post["price"], "mediaCount": len(post["mediaFiles"])}


def _published(sandbox: SandboxPlatform, creator: Record) -> list[Record]:
    posts = [p for p in sandbox.content(creator)["posts"] if p["scheduledFor"] is None]
    return sorted(posts, key=lambda p: (not p["isPinned"], p["postedAt"]), reverse=False)


def posts(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Record:
    published = _published(sandbox, creator)
    pinned = [p for p in published if p["isPinned"]]
    rest = sorted((p for p in published if not p["isPinned"]), key=lambda p: p["postedAt"])
    listed = page(pinned + rest[::-1], query)  # the page first: views of its posts only
    listed["list"] = [_post_view(p) for p in listed["list"]]
    return listed


def post(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Record:
    for item in sandbox.content(creator)["posts"]:
        if item["id"] == params["id"]:
            return _post_view(item)
    raise NotFoundUpstream(kind="post")


def top_posts(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Record:
    days = date_range(sandbox, query)
    chosen = [
        p
        for p in _published(sandbox, creator)
        if days[0] <= datetime.fromisoformat(p["postedAt"]).date() <= days[-1]
    ]
    chosen.sort(key=lambda p: p["tipsAmount"], reverse=True)
    offset = int(query.get("offset") or 0)
    items = [_post_view(p) for p in chosen[offset : offset + 10]]
    return {"items": items, "hasMore": offset + 10 < len(chosen)}


def scheduled(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Record:
    later = [p for p in sandbox.content(creator)["posts"] if p["scheduledFor"]]
    return page([_post_view(p) for p in sorted(later, key=lambda p: p["scheduledFor"])], query)


def _media_lists(sandbox: SandboxPlatform, creator: Record, media_id: str) -> list[str]:
    return [vl["id"] for vl in sandbox.content(creator)["vaultLists"] if media_id in vl["mediaIds"]]


def _vault_list_view(sandbox: SandboxPlatform, creator: Record, vault_list: Record) -> Record:
    by_id = {m["id"]: m["type"] for m in sandbox.content(creator)["media"]}
    kinds = [by_id[m] for m in vault_list["mediaIds"] if m in by_id]
    return {
        "id": vault_list["id"],
        "name": vault_list["name"],
        "type": "custom",
        "photosCount": kinds.count("photo"),
        "videosCount": kinds.count("video"),
        "audiosCount": kinds.count("audio"),
        "gifsCount": kinds.count("gif"),
        "mediasCount": len(kinds),
    }


def vault_lists(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Any:
    found = sandbox.content(creator)["vaultLists"]
    return page([_vault_list_view(sandbox, creator, vl) for vl in found], query)


def media_types(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Any:
    kinds = [m["type"] for m in sandbox.content(creator)["media"]]
    return {
        "list": [{"type": t, "count": kinds.count(t)} for t in ("photo", "video", "audio", "gif")]
    }


def media(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Record:
    items = sandbox.content(creator)["media"]
    list_id = query.get("list")
    if list_id:
        chosen = [vl for vl in sandbox.content(creator)["vaultLists"] if vl["id"] == list_id]
        if not chosen:
            raise NotFoundUpstream(kind="vault_list")
        wanted = set(chosen[0]["mediaIds"])
        items = [m for m in items if m["id"] in wanted]
    listed = page(items, query)  # the page first: views of the items it holds only
    listed["list"] = [
        {
            **m,
            "listIds": _media_lists(sandbox, creator, m["id"]),
            "preview": f"https://media.sandbox.invalid/{m['id']}/preview.jpg",
        }
        for m in listed["list"]
    ]
    return listed


def stories(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Record:
    return page(list(sandbox.content(creator)["stories"]), query)


def highlights(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Any:
    for owner in sandbox.creators_of(creator):
        if owner["id"] == params["id"]:
            return {
                "list": [
                    {
                        "id": h["id"],
                        "title": h["title"],
                        "storiesCount": len(h["storyIds"]),
                        "cover": f"https://media.sandbox.invalid/highlights/{h['id']}.jpg",
                    }
                    for h in sandbox.content(owner)["highlights"]
                ],
                "hasMore": False,
            }
    find_fan(creator, params["id"], kind="user")
    return {"list": [], "hasMore": False}


def top_stories(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Any:
    date_range(sandbox, query)
    items = sorted(sandbox.content(creator)["stories"], key=lambda s: -s["viewersCount"])
    return {"items": items, "hasMore": False}


def story_map(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Any:
    return {
        "list": [
            {
                "userId": owner["id"],
                "storiesCount": len(sandbox.content(owner)["stories"]),
                "hasUnwatched": True,
            }
            for owner in sandbox.creators_of(creator)
        ]
    }
