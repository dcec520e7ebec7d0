"""Members and invitations over /v1 (an admin key, or a session): the dashboard's Members page
as routes. The rules are service/workspaces/members.py's: owners alone make or unmake owners
(and the admin keys they made), a workspace keeps its last owner (`409 last_owner`)."""

from __future__ import annotations

from typing import Any

from service.api.endpoint import Call, Reply, endpoint, if_match
from service.domain.clock import isoformat
from service.domain.etags import check_if_match
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.people.assignments import assign
from service.ports import UnitOfWork
from service.workspaces import members
from service.workspaces.model import Invite, Member


def member_json(member: Member) -> dict[str, Any]:
    return {
        "id": member.user_id,
        "email": member.email,
        "name": member.name,
        "role": member.role,
        "accountIds": member.account_ids,
        "shift": member.shift,
    }


def invite_json(invite: Invite) -> dict[str, Any]:
    return {
        "id": invite.id,
        "email": invite.email,
        "role": invite.role,
        "createdAt": isoformat(invite.created_at),
        "expiresAt": isoformat(invite.expires_at),
    }


async def _members_reply(call: Call, picked: str | None = None) -> Reply:
    async with call.services.store.reading() as uow:
        rows = list(await uow.members.list(call.principal.workspace_id))
        tag = await members.members_etag(uow, call.principal.workspace_id)
    if picked is None:
        data: Any = [member_json(m) for m in rows]
    else:
        data = next((member_json(m) for m in rows if m.user_id == picked), None)
    return Reply({"data": data, "meta": call.meta()}, headers={"etag": tag})


@endpoint("listMembers", scope="admin", auth="key_or_session")
async def list_members(call: Call) -> Reply:
    return await _members_reply(call)


@endpoint("updateMember", scope="admin", auth="key_or_session")
async def update_member(call: Call) -> Reply:
    """A role, the accounts a member sees, or both. Both: the assignment first (it checks
    `If-Match` and the accounts), then the role, so an unknown account changes nothing."""
    user_id = call.params.path["memberId"]
    body, tag = call.params.body, if_match(call)
    if not body:
        raise ApiError(ErrorCode.INVALID_PARAMETER, "Send a role, accountIds or both.")
    if "accountIds" in body:
        workspace_id = call.principal.workspace_id

        async def guard(uow: UnitOfWork) -> None:
            check_if_match(tag, await members.members_etag(uow, workspace_id))

        await assign(
            call.services.store,
            call.services.clock,
            call.principal,
            user_id,
            body["accountIds"],
            guard=None if tag is None else guard,
        )
        tag = None
    if "role" in body:
        await members.change_role(
            call.services.store,
            call.services.clock,
            call.principal,
            user_id,
            body["role"],
            if_match=tag,
        )
    return await _members_reply(call, user_id)


@endpoint("removeMember", scope="admin", auth="key_or_session")
async def remove_member(call: Call) -> Reply:
    user_id = call.params.path["memberId"]
    await members.remove(
        call.services.store, call.services.clock, call.principal, user_id, if_match=if_match(call)
    )
    reply = await _members_reply(call)
    return Reply(
        {"data": {"id": user_id, "deleted": True}, "meta": call.meta()}, headers=reply.headers
    )


@endpoint("listInvites", scope="admin", auth="key_or_session")
async def list_invites(call: Call) -> Reply:
    _, pending = await members.listing(
        call.services.store, call.services.clock, call.principal.workspace_id
    )
    return Reply({"data": [invite_json(i) for i in pending], "meta": call.meta()})


@endpoint("createInvite", scope="admin", auth="key_or_session")
async def create_invite(call: Call) -> Reply:
    body = call.params.body
    invite, token = await members.invite(
        call.services.store, call.services.clock, call.principal, body["email"], body["role"]
    )
    url = f"{call.services.settings.public_url}/dashboard/invites/{token}"
    return Reply({"data": {**invite_json(invite), "url": url}, "meta": call.meta()}, status=201)
