"""Posts, the vault and stories.

Vault writes change state (lists, their media, hidden flags) so later reads agree with them.
Media ids may be sent as numbers (as the platform documents) or digit strings.
`PUT /vault/media/hidden` takes an optional `hidden` boolean; without it each item's flag is
toggled.
"""

from __future__ import annotations

from typing import Any

from . import charts
from .http import Call, bad_request, not_found, page
from .models import VaultList
from .views import (
    highlight_view,
    media_view,
    post_view,
    published_posts,
    story_view,
    vault_list_view,
)


def posts(call: Call) -> dict[str, Any]:
    return page((post_view(p) for p in published_posts(call.me)), call)


def post(call: Call) -> dict[str, Any]:
    found = call.me.posts.get(call.params["id"])
    if found is None:
        raise not_found("post", f"No post with id {call.params['id']}.")
    return post_view(found)


def post_chart(call: Call) -> dict[str, Any]:
    likes = charts.made_up(call, "post-likes", 0, 80)
    views = charts.made_up(call, "post-views", 20, 600)
    return {
        "likes": likes,
        "views": views,
        "total": {"likes": sum(p["count"] for p in likes), "views": sum(p["count"] for p in views)},
    }


def top_posts(call: Call) -> dict[str, Any]:
    start, end = charts.date_range(call)
    by = call.query.get("by", "tips")
    if by not in ("tips", "likes", "comments"):
        raise bad_request("by must be tips, likes or comments.")
    key = {"tips": "tips_cents", "likes": "likes", "comments": "comments"}[by]
    chosen = [p for p in published_posts(call.me) if start <= p.posted_at.date() <= end]
    chosen.sort(key=lambda p: getattr(p, key), reverse=True)
    offset = call.int_query("offset", 0)
    items = [post_view(p) for p in chosen[offset : offset + 10]]
    return {"items": items, "hasMore": offset + 10 < len(chosen)}


def scheduled(call: Call) -> dict[str, Any]:
    later = sorted(
        ((p.scheduled_for, p) for p in call.me.posts.values() if p.scheduled_for),
        key=lambda due: due[0],
    )
    return page((post_view(p) for _, p in later), call)


def stats_collect(call: Call) -> dict[str, Any]:
    actions = call.body.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, dict) for a in actions):
        raise bad_request("actions must be an array of objects.")
    for action in actions:
        if not isinstance(action.get("action"), str) or "postId" not in action:
            raise bad_request("each action needs action and postId.")
        if str(action["postId"]) not in call.me.posts:
            raise not_found("post", f"No post with id {action['postId']}.")
    for action in actions:
        call.me.posts[str(action["postId"])].view_events.append(dict(action))
    return {"success": True, "collected": len(actions)}


def _vault_list(call: Call) -> VaultList:
    return _vault_list_by_id(call, call.params["id"])


def _name(call: Call) -> str:
    name = call.body.get("name")
    if not isinstance(name, str) or not name.strip() or len(name) > 100:
        raise bad_request("name is required (1 to 100 characters).")
    return name.strip()


def _media_ids(call: Call) -> list[str]:
    ids = call.ids("mediaIds", required=True)
    for media_id in ids:
        if media_id not in call.me.media:
            raise not_found("media", f"No vault media with id {media_id}.")
    return ids


def vault_lists(call: Call) -> dict[str, Any]:
    return page((vault_list_view(call.me, vl) for vl in call.me.vault_lists.values()), call)


def create_vault_list(call: Call) -> dict[str, Any]:
    vault_list = VaultList(id=call.state.new_id(), name=_name(call))
    call.me.vault_lists[vault_list.id] = vault_list
    return vault_list_view(call.me, vault_list)


def rename_vault_list(call: Call) -> dict[str, Any]:
    vault_list = _vault_list(call)
    vault_list.name = _name(call)
    return vault_list_view(call.me, vault_list)


def delete_vault_list(call: Call) -> dict[str, Any]:
    del call.me.vault_lists[_vault_list(call).id]
    return {"success": True}


def add_vault_media(call: Call) -> dict[str, Any]:
    vault_list = _vault_list(call)
    for media_id in _media_ids(call):
        if media_id not in vault_list.media_ids:
            vault_list.media_ids.append(media_id)
    return {"success": True, "list": vault_list_view(call.me, vault_list)}


def remove_vault_media(call: Call) -> dict[str, Any]:
    vault_list = _vault_list(call)
    gone = set(_media_ids(call))
    vault_list.media_ids = [m for m in vault_list.media_ids if m not in gone]
    return {"success": True, "list": vault_list_view(call.me, vault_list)}


def hide_media(call: Call) -> dict[str, Any]:
    hidden = call.body.get("hidden")
    if hidden is not None and not isinstance(hidden, bool):
        raise bad_request("hidden must be true or false.")
    changed = []
    for media_id in _media_ids(call):
        media = call.me.media[media_id]
        media.hidden = (not media.hidden) if hidden is None else hidden
        changed.append({"id": media.id, "isHidden": media.hidden})
    return {"success": True, "list": changed}


def media_types(call: Call) -> dict[str, Any]:
    kinds = [m.type for m in call.me.media.values()]
    return {
        "list": [{"type": t, "count": kinds.count(t)} for t in ("photo", "video", "audio", "gif")]
    }


def media(call: Call) -> dict[str, Any]:
    list_id = call.query.get("list")
    items = sorted(call.me.media.values(), key=lambda m: m.created_at, reverse=True)
    if list_id:
        wanted = set(_vault_list_by_id(call, list_id).media_ids)
        items = [m for m in items if m.id in wanted]
    return page((media_view(call.me, m) for m in items), call)


def _vault_list_by_id(call: Call, list_id: str) -> VaultList:
    found = call.me.vault_lists.get(list_id)
    if found is None:
        raise not_found("vault_list", f"No vault list with id {list_id}.")
    return found


def stories(call: Call) -> dict[str, Any]:
    items = sorted(call.me.stories.values(), key=lambda s: s.created_at, reverse=True)
    return page((story_view(s) for s in items), call)


def highlights(call: Call) -> dict[str, Any]:
    user_id = call.params["id"]
    if user_id in call.state.creators:
        owner = call.state.creator(user_id)
        return {"list": [highlight_view(h) for h in owner.highlights.values()], "hasMore": False}
    if user_id in call.me.fans:
        return {"list": [], "hasMore": False}
    raise not_found("user", f"No user with id {user_id}.")


def story_chart(call: Call) -> dict[str, Any]:
    views = charts.made_up(call, "story-views", 10, 300)
    return {"views": views, "total": sum(p["count"] for p in views)}


def top_stories(call: Call) -> dict[str, Any]:
    charts.date_range(call)
    items = sorted(call.me.stories.values(), key=lambda s: s.views, reverse=True)
    return {"items": [story_view(s) for s in items], "hasMore": False}


def story_map(call: Call) -> dict[str, Any]:
    owners = [call.me, *(call.state.creator(uid) for uid in call.me.following)]
    return {
        "list": [
            {
                "userId": c.user_id,
                "storiesCount": len(c.stories),
                "hasUnwatched": any(not s.watched for s in c.stories.values()),
            }
            for c in owners
        ]
    }


def watched(call: Call) -> dict[str, Any]:
    for owner in [call.me, *(call.state.creator(uid) for uid in call.me.following)]:
        story = owner.stories.get(call.params["id"])
        if story is not None:
            story.watched = True
            return {"success": True}
    raise not_found("story", f"No story with id {call.params['id']}.")


ROUTES = [
    ("GET /posts", posts),
    ("GET /posts/:id", post),
    ("GET /posts/chart", post_chart),
    ("GET /posts/top", top_posts),
    ("GET /schedules/later/post", scheduled),
    ("POST /posts/stats-collect", stats_collect),
    ("GET /vault/lists", vault_lists),
    ("POST /vault/lists", create_vault_list),
    ("PATCH /vault/lists/:id", rename_vault_list),
    ("DELETE /vault/lists/:id", delete_vault_list),
    ("POST /vault/lists/:id/media", add_vault_media),
    ("DELETE /vault/lists/:id/media", remove_vault_media),
    ("PUT /vault/media/hidden", hide_media),
    ("GET /vault/media/types", media_types),
    ("GET /vault/media", media),
    ("GET /stories/items", stories),
    ("GET /users/:id/stories/highlights", highlights),
    ("GET /stories/chart", story_chart),
    ("GET /stories/top", top_stories),
    ("GET /stories/map", story_map),
    ("PUT /stories/:id/watched", watched),
]
