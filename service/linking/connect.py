"""Finishing a hosted link: connect the account (or fail the link) in one unit of work.

The account row, the link's move to `connected` and the `account.connected` outbox event commit
together, so an agency never sees an event without its account or an account without its event.
Relinking a platform user the workspace already has updates that row: same id, same actions and
history, its writes switch kept as the owner left it.
"""

from __future__ import annotations

from typing import Any

from service.accounts import status as account_status
from service.accounts.model import Account
from service.domain.events import Event
from service.domain.ids import new_id
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.linking import steps
from service.linking.finishing import LinkDeps
from service.linking.model import Link
from service.linking.render import link_json


async def connect_account(
    services: LinkDeps,
    link: Link,
    *,
    account_id: str,
    profile: dict[str, Any],
    session_secret: bytes | None,
) -> tuple[Link, Account]:
    """Link → connected and the account → syncing; raises link_not_ready if the link moved on."""
    now = services.clock.now()
    async with services.store.transaction() as uow:
        existing = await uow.accounts.get(link.workspace_id, account_id)
        values: account_status.Linked = {
            "username": profile.get("username") or account_id,
            "name": profile.get("name"),
            "avatar_url": profile.get("avatarUrl"),
            "linked_at": now,
            "session_secret": session_secret,
        }
        if existing is not None and existing.mode != link.mode:
            raise ApiError(
                ErrorCode.LINK_NOT_READY,
                "This account is linked in the other mode (live or test) of the workspace.",
            )
        account = await account_status.linked(
            uow,
            existing,
            workspace_id=link.workspace_id,
            account_id=account_id,
            mode=link.mode,
            values=values,
            now=now,
        )
        done = await uow.links.transition(
            link.id,
            ["in_progress"],
            status="connected",
            account_id=account_id,
            step=steps.STEP_CONNECTED,
            state=steps.with_state(link, stage=None, challengeId=None, message=None),
        )
        if done is None:
            raise ApiError(ErrorCode.LINK_NOT_READY, "This link finished in another window.")
        await account_status.announce_linked(uow, account, link.id, now)
    return done, account


def failed_link_json(services: LinkDeps, link: Link) -> dict[str, Any]:
    """The link as `link.failed` carries it: without `url`, whose token is the creator's
    credential. Events are kept and sent to webhooks; the token is kept only as its SHA-256."""
    now = services.clock.now()
    shown = link_json(link, services.settings.public_url, now, services.link_tokens)
    shown.pop("url")
    return shown


async def fail_link(services: LinkDeps, link: Link, message: str) -> Link | None:
    """Link → failed with a `link.failed` event; None when it had already finished."""
    now = services.clock.now()
    async with services.store.transaction() as uow:
        failed = await uow.links.transition(
            link.id,
            steps.OPEN,
            status="failed",
            step=steps.STEP_FAILED,
            state=steps.with_state(link, stage=None, challengeId=None, message=message),
        )
        if failed is not None:
            await uow.events.add(
                Event(
                    id=new_id("evt_"),
                    workspace_id=link.workspace_id,
                    type="link.failed",
                    account_id=None,
                    mode=link.mode,
                    data=failed_link_json(services, failed),
                    created_at=now,
                )
            )
    return failed


def sandbox_profile(services: LinkDeps, link: Link, email: str) -> tuple[str, dict[str, Any]]:
    """Test mode never reaches the platform: a sign-in picks one of the workspace's sandbox
    creators, the one whose username is the email's local part, else the first one."""
    creators = services.platforms.sandbox.creators(link.workspace_id)
    wanted = email.partition("@")[0].strip().lower()
    chosen = next((c for c in creators if c["username"].lower() == wanted), creators[0])
    return chosen["id"], {
        "username": chosen["username"],
        "name": chosen["name"],
        "avatarUrl": chosen["avatarUrl"],
    }
