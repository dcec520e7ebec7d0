"""What each form of the hosted link page does: sign in, 2FA code, selfie, cancel.

Every move is a conditional write on the link (`uow.links.transition`), so two tabs or a
double click can never both win. Live links sign in on the platform through
`services.platforms.live`; test links never reach it and connect a sandbox creator instead.
After a successful sign-in the account is connected and its first sync runs before the page
answers, so the creator's last page already says the account is ready.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Unpack

from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.kit.crypto import looks_sealed
from service.linking import steps
from service.linking.connect import connect_account, fail_link, sandbox_profile
from service.linking.finishing import LinkDeps
from service.linking.model import Link
from service.linking.repository import LinkChanges
from service.platform.client import PlatformClient, SignInResult
from service.platform.errors import PlatformError, PlatformTimeout

log = logging.getLogger("countersign.linking")


async def _move(
    services: LinkDeps,
    link: Link,
    from_statuses: Sequence[str] = steps.OPEN,
    **values: Unpack[LinkChanges],
) -> Link:
    async with services.store.transaction() as uow:
        moved = await uow.links.transition(link.id, from_statuses, **values)
    if moved is None:
        raise ApiError(
            ErrorCode.LINK_NOT_READY, "This link changed in another window. Reload the page."
        )
    return moved


async def open_page(services: LinkDeps, link: Link) -> Link:
    """On each view: persist expiry once it is due, and give an open link its form token."""
    now = services.clock.now()
    if link.status in steps.OPEN and link.expires_at <= now:
        async with services.store.transaction() as uow:
            expired = await uow.links.transition(
                link.id, steps.OPEN, status="expired", step=steps.STEP_EXPIRED
            )
        return expired or link
    if link.status in steps.OPEN and not link.state.get("csrf"):
        async with services.store.transaction() as uow:
            moved = await uow.links.transition(
                link.id, [link.status], state=steps.with_state(link, csrf=secrets.token_urlsafe(24))
            )
        return moved or link
    return link


async def sign_in(services: LinkDeps, link: Link, email: str, password: str) -> Link:
    steps.require_stage(link, "password", services.clock.now())
    if not email.strip() or not password:
        raise ApiError(
            ErrorCode.INVALID_PARAMETER,
            "Enter the email and password of the platform account.",
            param="password" if email.strip() else "email",
        )
    link = await _move(
        services,
        link,
        status="in_progress",
        step=steps.STEP_SIGNING_IN,
        state=steps.with_state(link, message=None),
    )
    if link.mode == "test":
        account_id, profile = sandbox_profile(services, link, email)
        return await _connect(services, link, account_id, profile, session_token=None)
    return await _platform_step(services, link, lambda p: p.sign_in(email.strip(), password))


async def submit_2fa(services: LinkDeps, link: Link, code: str) -> Link:
    steps.require_stage(link, "2fa", services.clock.now())
    if not code.strip():
        raise ApiError(ErrorCode.INVALID_PARAMETER, "Enter the code.", param="code")
    challenge = _challenge(services, link)
    return await _platform_step(services, link, lambda p: p.submit_2fa(challenge, code.strip()))


async def submit_selfie(services: LinkDeps, link: Link, image: str) -> Link:
    steps.require_stage(link, "selfie", services.clock.now())
    if not image.strip():
        raise ApiError(ErrorCode.INVALID_PARAMETER, "Take or choose a selfie first.", param="image")
    challenge = _challenge(services, link)
    return await _platform_step(services, link, lambda p: p.submit_selfie(challenge, image))


async def cancel(services: LinkDeps, link: Link) -> Link:
    steps.require_stage(link, "any", services.clock.now())
    return await _move(
        services,
        link,
        status="cancelled",
        step=steps.STEP_CANCELLED,
        state=steps.with_state(link, stage=None, challengeId=None, message=None),
    )


def _sealed(services: LinkDeps, result: SignInResult) -> str | None:
    """The platform's pending challenge lets whoever holds it finish the sign-in: sealed."""
    return services.secrets.seal_text(result.challenge_id) if result.challenge_id else None


def _challenge(services: LinkDeps, link: Link) -> str:
    """The pending challenge id; a link saved before sealing holds it in plaintext (re-sealed
    by the service at start, see service/webhooks/reseal.py)."""
    value = str(link.state.get("challengeId") or "")
    return services.secrets.open_text(value) if looks_sealed(value) else value


WRONG = ("invalid_credentials", "invalid_code")
"""The platform's answers that judge a guess: each uses one of the link's attempts."""


async def _platform_step(
    services: LinkDeps, link: Link, call: Callable[[PlatformClient], Awaitable[SignInResult]]
) -> Link:
    """Count the attempt (one conditional write), then call the platform, then move the link.

    The count is raised before the call and only while it is below the limit, so parallel
    guesses can never reach the platform more than `steps.MAX_ATTEMPTS` times; an answer that
    judged nothing (success, a next stage) gives its attempt back. A call that failed after it
    was sent (a timeout, a broken connection, a 5xx) may have been judged, so it keeps its
    attempt: only one refused before it was sent (or refused unread: 429, 503) is given back."""
    platform = services.platforms.live
    if platform is None:
        raise ApiError(
            ErrorCode.PLATFORM_ERROR,
            "This service has no platform configured "
            "(COUNTERSIGN_PLATFORM_URL), so live links cannot sign in.",
        )
    async with services.store.transaction() as uow:
        counted = await uow.links.count_attempt(link.id, steps.OPEN, steps.MAX_ATTEMPTS)
    if counted is None:
        return await _too_many(services, link)
    try:
        result = await call(platform)
    except PlatformError as error:
        if not error.may_have_applied:
            await _release(services, link)
        log.warning("sign-in step of %s failed on the platform: %r", link.id, error)
        code = (
            ErrorCode.PLATFORM_TIMEOUT
            if isinstance(error, PlatformTimeout)
            else ErrorCode.PLATFORM_ERROR
        )
        raise ApiError(
            code, "The platform is not answering right now. Try again in a moment."
        ) from error
    if result.status in WRONG:
        return await _wrong(services, link, result, counted.attempts)
    await _release(services, link)
    return await _after_step(services, link, result)


async def _release(services: LinkDeps, link: Link) -> None:
    async with services.store.transaction() as uow:
        await uow.links.release_attempt(link.id)


async def _too_many(services: LinkDeps, link: Link) -> Link:
    failed = await fail_link(
        services, link, "Too many wrong attempts. Ask the agency for a new link."
    )
    if failed is None:
        raise ApiError(ErrorCode.LINK_NOT_READY, "This link finished in another window.")
    return failed


async def _wrong(services: LinkDeps, link: Link, result: SignInResult, attempts: int) -> Link:
    """A wrong password or code, the `attempts`-th counted: fail the link at the limit."""
    if attempts >= steps.MAX_ATTEMPTS:
        return await _too_many(services, link)
    left = steps.MAX_ATTEMPTS - attempts
    what = "email or password" if result.status == "invalid_credentials" else "code"
    message = f"Wrong {what}. {left} {'try' if left == 1 else 'tries'} left."
    current = steps.stage(link) or "password"
    return await _move(
        services,
        link,
        status="in_progress",
        step=steps.STAGE_STEPS[current],
        state=steps.with_state(link, message=message),
    )


async def _after_step(services: LinkDeps, link: Link, result: SignInResult) -> Link:
    if result.ok:
        token = result.session_token or ""
        profile = await _profile(services, token)
        return await _connect(services, link, str(result.user_id), profile, session_token=token)
    if result.status in ("2fa_required", "selfie_required"):
        stage = "2fa" if result.status == "2fa_required" else "selfie"
        return await _move(
            services,
            link,
            status="in_progress",
            step=steps.STAGE_STEPS[stage],
            state=steps.with_state(
                link, stage=stage, message=None, challengeId=_sealed(services, result)
            ),
        )
    # invalid_challenge (the step took too long) or a refused body: start the sign-in again.
    message = result.message or "That step took too long. Sign in again."
    return await _move(
        services,
        link,
        status="in_progress",
        step=steps.STEP_SIGN_IN,
        state=steps.with_state(link, stage="password", challengeId=None, message=message),
    )


async def _profile(services: LinkDeps, token: str) -> dict[str, Any]:
    """The new account's name and picture for the `account.connected` event; the first sync
    fills them in anyway if the platform does not answer now."""
    try:
        platform = services.platforms.live
        if platform is None:
            return {}
        me = await platform.request("GET /users/me", session=token)
    except PlatformError as error:
        log.warning("could not read the profile right after sign-in: %r", error)
        return {}
    return (
        {"username": me.get("username"), "name": me.get("name"), "avatarUrl": me.get("avatar")}
        if isinstance(me, dict)
        else {}
    )


async def _connect(
    services: LinkDeps,
    link: Link,
    account_id: str,
    profile: dict[str, Any],
    session_token: str | None,
) -> Link:
    sealed = services.secrets.seal(session_token) if session_token else None
    link = await _move(services, link, ["in_progress"], step=steps.STEP_CONNECTING)
    connected, account = await connect_account(
        services, link, account_id=account_id, profile=profile, session_secret=sealed
    )
    await services.first_sync(account.workspace_id, account.id)
    return connected
