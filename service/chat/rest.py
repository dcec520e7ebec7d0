"""Chat connections and member links over /v1 (an admin key, or a session): the dashboard's
Chat page as routes, minus connecting a bot (its token is secret material, given to the
dashboard or the CLI). The rules are service/chat/connections.py's; no reply has a token."""

from __future__ import annotations

from typing import Any

from service.api.endpoint import Call, Reply, endpoint
from service.chat import connections as chat
from service.chat.models import ChatConnection, ChatUser
from service.domain.clock import isoformat


def connection_json(connection: ChatConnection) -> dict[str, Any]:
    return {
        "provider": connection.provider,
        "channel": connection.channel,
        "accountChannels": dict(connection.account_channels),
        "connectedAt": isoformat(connection.connected_at),
    }


def link_json(link: ChatUser, email: str) -> dict[str, Any]:
    return {
        "id": chat.link_id(link),
        "provider": link.provider,
        "chatUserId": link.chat_user_id,
        "memberId": link.user_id,
        "email": email,
        "linkedAt": isoformat(link.linked_at),
    }


@endpoint("listChatConnections", scope="admin", auth="key_or_session")
async def list_connections(call: Call) -> Reply:
    rows = await chat.connections(call.services.store, call.principal)
    return Reply({"data": [connection_json(c) for c in rows], "meta": call.meta()})


@endpoint("deleteChatConnection", scope="admin", auth="key_or_session")
async def delete_connection(call: Call) -> Reply:
    provider = str(call.params.path["provider"])
    await chat.disconnect(call.services.store, call.services.clock, call.principal, provider)
    return Reply({"data": {"id": provider, "deleted": True}, "meta": call.meta()})


@endpoint("listChatLinks", scope="admin", auth="key_or_session")
async def list_links(call: Call) -> Reply:
    rows = await chat.links(call.services.store, call.principal)
    return Reply({"data": [link_json(u, e) for u, e in rows], "meta": call.meta()})


@endpoint("createChatLink", scope="admin", auth="key_or_session")
async def create_link(call: Call) -> Reply:
    body = call.params.body
    linked = await chat.link(
        call.services.store,
        call.services.clock,
        call.principal,
        body["provider"],
        body["chatUserId"],
        email=body.get("email"),
        member_id=body.get("memberId"),
    )
    rows = await chat.links(call.services.store, call.principal)
    email = next((e for u, e in rows if u.user_id == linked.user_id), "")
    return Reply({"data": link_json(linked, email), "meta": call.meta()}, status=201)


@endpoint("deleteChatLink", scope="admin", auth="key_or_session")
async def delete_link(call: Call) -> Reply:
    id_ = str(call.params.path["chatLinkId"])
    await chat.unlink(call.services.store, call.services.clock, call.principal, id_)
    return Reply({"data": {"id": id_, "deleted": True}, "meta": call.meta()})
