"""Hosted links from the API and the dashboard: create one, and cancel one still waiting."""

from __future__ import annotations

from datetime import timedelta

from service.domain.access import require
from service.domain.clock import Clock
from service.domain.ids import new_id
from service.domain.permissions import Permission
from service.domain.principal import Principal
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.linking.model import Link
from service.linking.tokens import LinkTokens
from service.ports import Store

LIFETIME = timedelta(hours=24)
FIRST_STEP = "Waiting for the creator to open the link."
CANCELLED_STEP = "Cancelled in the dashboard."
CANCELLABLE = ("waiting", "in_progress")
NOTE_LIMIT = 200  # openapi.yaml's CreateLink.note maxLength
MESSAGE_LIMIT = 500


async def create_link(
    store: Store,
    clock: Clock,
    principal: Principal,
    note: str | None,
    *,
    tokens: LinkTokens,
    creator_message: str | None = None,
) -> Link:
    """`note` is the agency's own; `creator_message` is the only text the creator sees. The
    link's token is derived from its id (service/linking/tokens.py); only its hash is
    stored. The link is in the caller's mode."""
    require(principal, Permission.LINKS_CREATE)
    if note is not None and len(note) > NOTE_LIMIT:
        raise ApiError(
            ErrorCode.INVALID_PARAMETER,
            f"The note can be at most {NOTE_LIMIT} characters.",
            param="note",
        )
    if creator_message is not None and len(creator_message) > MESSAGE_LIMIT:
        raise ApiError(
            ErrorCode.INVALID_PARAMETER,
            f"The message to the creator can be at most {MESSAGE_LIMIT} characters.",
            param="message",
        )
    now = clock.now()
    link_id = new_id("link_")
    _, token_hash = tokens.new(link_id)
    link = Link(
        id=link_id,
        workspace_id=principal.workspace_id,
        mode=principal.mode,
        status="waiting",
        step=FIRST_STEP,
        token_hash=token_hash,
        note=note,
        account_id=None,
        created_at=now,
        expires_at=now + LIFETIME,
        state={"creatorMessage": creator_message} if creator_message else {},
    )
    async with store.transaction() as uow:
        await uow.links.add(link)
    return link


async def cancel_link(store: Store, clock: Clock, principal: Principal, link_id: str) -> Link:
    """Only a link the creator has not finished can be cancelled (`link_not_ready` otherwise)."""
    require(principal, Permission.LINKS_CREATE)
    now = clock.now()
    async with store.transaction() as uow:
        link = await uow.links.get(principal.workspace_id, link_id)
        if link is None:
            raise ApiError(ErrorCode.LINK_NOT_FOUND, param="linkId")
        if link.status in CANCELLABLE and link.expires_at <= now:
            raise ApiError(
                ErrorCode.LINK_NOT_READY, "The link already expired; there is nothing to cancel."
            )
        done = await uow.links.transition(
            link.id, CANCELLABLE, status="cancelled", step=CANCELLED_STEP
        )
        if done is None:
            raise ApiError(
                ErrorCode.LINK_NOT_READY,
                f"The link is already {link.status}; only a link "
                "that is waiting or in progress can be cancelled.",
            )
        return done
