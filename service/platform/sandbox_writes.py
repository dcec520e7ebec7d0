"""The sandbox's answers to the platform writes beyond messages and fan lists, one per route
an action type performs (tests/actions/test_registry_complete.py checks none is missing).

Like the rest of the sandbox they store nothing and reach nothing: each checks what the
platform would (the vault list, media, post, story or creator named exists among the
workspace's sandbox data; a name fits) and answers in the platform's shape, so a test key's
action fails where a live one would, and otherwise ends `{"simulated": true}`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .errors import NotFoundUpstream, PlatformUnavailable
from .sandbox_views import find_fan

if TYPE_CHECKING:
    from .sandbox import SandboxPlatform

Record = dict[str, Any]
Params = dict[str, str]
Write = Callable[["SandboxPlatform", Record, Params, Record], Record]
NAME_LIMIT = 100


def _refused(message: str) -> PlatformUnavailable:
    """The platform's 400: it did nothing."""
    return PlatformUnavailable(message, upstream_status=400, upstream_code="bad_request")


def _ok(**more: Any) -> Record:
    return {"success": True, **more}


def _vault_list(sandbox: SandboxPlatform, creator: Record, list_id: str) -> Record:
    for found in sandbox.content(creator)["vaultLists"]:
        if found["id"] == list_id:
            return dict(found)
    raise NotFoundUpstream(kind="vault_list")


def _media(sandbox: SandboxPlatform, creator: Record, body: Record) -> list[str]:
    ids = [str(m) for m in body.get("mediaIds") or []]
    if not ids:
        raise _refused("mediaIds is required.")
    known = {m["id"] for m in sandbox.content(creator)["media"]}
    if any(media_id not in known for media_id in ids):
        raise NotFoundUpstream(kind="media")
    return ids


def _name(body: Record) -> str:
    name = body.get("name")
    if not isinstance(name, str) or not name.strip() or len(name) > NAME_LIMIT:
        raise _refused(f"name is required (1 to {NAME_LIMIT} characters).")
    return name.strip()


def _creator(sandbox: SandboxPlatform, creator: Record, user_id: str) -> Record:
    for other in sandbox.creators_of(creator):
        if other["id"] == user_id and other is not creator:
            return other
    raise NotFoundUpstream(kind="creator")


def mark_read(sandbox: SandboxPlatform, creator: Record, params: Params, body: Record) -> Record:
    find_fan(creator, params["id"], kind="chat")
    return _ok()


def like(sandbox: SandboxPlatform, creator: Record, params: Params, body: Record) -> Record:
    return _ok(id=params["id"], isLiked=True)


def unlike(sandbox: SandboxPlatform, creator: Record, params: Params, body: Record) -> Record:
    return _ok(id=params["id"], isLiked=False)


def edit_queue(sandbox: SandboxPlatform, creator: Record, params: Params, body: Record) -> Record:
    if not isinstance(body.get("text"), str) or not body["text"]:
        raise _refused("text is required.")
    return {"id": params["id"], "text": body["text"], "isDone": True}


def create_list(sandbox: SandboxPlatform, creator: Record, params: Params, body: Record) -> Record:
    return {"id": sandbox.new_id(), "name": _name(body), "mediasCount": 0}


def rename_list(sandbox: SandboxPlatform, creator: Record, params: Params, body: Record) -> Record:
    found = _vault_list(sandbox, creator, params["id"])
    return {"id": found["id"], "name": _name(body)}


def delete_list(sandbox: SandboxPlatform, creator: Record, params: Params, body: Record) -> Record:
    _vault_list(sandbox, creator, params["id"])
    return _ok()


def list_media(sandbox: SandboxPlatform, creator: Record, params: Params, body: Record) -> Record:
    _vault_list(sandbox, creator, params["id"])
    _media(sandbox, creator, body)
    return _ok()


def hide(sandbox: SandboxPlatform, creator: Record, params: Params, body: Record) -> Record:
    hidden = body.get("hidden")
    return _ok(list=[{"id": m, "isHidden": hidden} for m in _media(sandbox, creator, body)])


def subscribe(sandbox: SandboxPlatform, creator: Record, params: Params, body: Record) -> Record:
    _creator(sandbox, creator, params["id"])
    return _ok(subscribedOn=True)


def unsubscribe(sandbox: SandboxPlatform, creator: Record, params: Params, body: Record) -> Record:
    _creator(sandbox, creator, params["id"])
    return _ok(subscribedOn=False)


def accepted(sandbox: SandboxPlatform, creator: Record, params: Params, body: Record) -> Record:
    return _ok()


def stats(sandbox: SandboxPlatform, creator: Record, params: Params, body: Record) -> Record:
    events = body.get("actions")
    if not isinstance(events, list) or not events:
        raise _refused("actions must be a non-empty array.")
    posts = {p["id"] for p in sandbox.content(creator)["posts"]}
    if any(str(e.get("postId")) not in posts for e in events if isinstance(e, dict)):
        raise NotFoundUpstream(kind="post")
    return _ok(collected=len(events))


def watched(sandbox: SandboxPlatform, creator: Record, params: Params, body: Record) -> Record:
    for owner in sandbox.creators_of(creator):
        if any(s["id"] == params["id"] for s in sandbox.content(owner)["stories"]):
            return _ok()
    raise NotFoundUpstream(kind="story")


WRITES: dict[str, Write] = {
    "POST /chats/:id/mark-as-read": mark_read,
    "POST /messages/:id/like": like,
    "DELETE /messages/:id/like": unlike,
    "PUT /messages/queue/:id": edit_queue,
    "POST /vault/lists": create_list,
    "PATCH /vault/lists/:id": rename_list,
    "DELETE /vault/lists/:id": delete_list,
    "POST /vault/lists/:id/media": list_media,
    "DELETE /vault/lists/:id/media": list_media,
    "PUT /vault/media/hidden": hide,
    "POST /users/:id/subscribe": subscribe,
    "DELETE /users/:id/subscribe": unsubscribe,
    "POST /users/notifications/read": accepted,
    "POST /users/profile/visit": accepted,
    "POST /users/profile/view": accepted,
    "POST /posts/stats-collect": stats,
    "PUT /stories/:id/watched": watched,
}
