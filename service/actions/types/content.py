"""Posts and stories: `report_post_views` and `mark_story_watched`."""

from __future__ import annotations

from typing import Any

from service.actions.model import Action
from service.actions.types.reads import Reads
from service.actions.types.registry import (
    ActionType,
    Json,
    Lookup,
    PlatformCall,
    count,
    no_synced_context,
    performs,
    register,
)
from service.domain.item_families import ItemFamily


def _events(params: Any) -> list[dict[str, Any]]:
    return [dict(e) for e in params["events"]]


async def _posts_context(reads: Reads, action: Action) -> Json:
    """Each post an event names, as the last sync holds it (text, when posted)."""
    posts = []
    for event in (action.params or {}).get("events") or []:
        post_id = str(event.get("postId", ""))
        found = await reads.synced.item(
            action.workspace_id, action.account_id, ItemFamily.POSTS, post_id
        )
        posts.append({"event": event, "post": found})
    return {"posts": posts}


register(
    ActionType(
        name="report_post_views",
        label="Report post views",
        params_schema="ReportPostViewsParams",
        result_schemas=("ReportPostViewsResult",),
        summary=lambda p, at, _, n: (
            f"Report {count(len(p['events']), 'post view event')} on {at}'s posts to the "
            "platform's statistics."
        ),
        call=lambda p: PlatformCall("POST /posts/stats-collect", body={"actions": _events(p)}),
        result=lambda p, made: {"reported": len(p["events"])},
        lookups=lambda p: [
            Lookup(f"events[{i}].postId", "posts", str(e["postId"]))
            for i, e in enumerate(p["events"])
        ],
        description=(
            "Reports post view events (which post, what happened, when, for how long) to the "
            "platform's post statistics, as its app does while someone reads a feed; they "
            "count in the post likes and views chart."
        ),
        performs=(performs("POST /posts/stats-collect", ("events", "body actions")),),
        approval=_posts_context,
    )
)

register(
    ActionType(
        name="mark_story_watched",
        label="Mark a story as watched",
        params_schema="MarkStoryWatchedParams",
        result_schemas=("MarkStoryWatchedResult",),
        summary=lambda p, at, _, n: f"Mark story {p['storyId']} as watched by {at}.",
        call=lambda p: PlatformCall("PUT /stories/:id/watched", {"id": p["storyId"]}),
        result=lambda p, made: {"storyId": p["storyId"], "watched": True},
        description=(
            "Marks a story (the creator's own, or one of a creator they follow) as watched by "
            "the creator: it no longer shows as unwatched in the story map."
        ),
        performs=(performs("PUT /stories/:id/watched", ("storyId", "path id")),),
        approval=no_synced_context,
    )
)
