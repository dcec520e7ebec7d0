"""Dashboard sign-in sessions: a random cookie token, stored only as its SHA-256.

`principal(request)` is what the /v1 approve and reject endpoints call (auth="session"); the
dashboard pages call `current(request)`. Both resolve the session's user, their current
workspace and role; a session that ended or expired is simply no principal (`not_signed_in`).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from datetime import timedelta

from attrs import frozen
from starlette.requests import Request
from starlette.responses import Response

from service.domain.clock import Clock
from service.domain.ids import hash_secret
from service.domain.principal import Principal
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.http.ratelimit import LimitsStorage, RateLimiter
from service.kit.passwords import Passwords
from service.ports import Store
from service.workspaces.model import Session

COOKIE = "cs_session"
MODE_COOKIE = "cs_mode"
LIFETIME = timedelta(hours=12)
SIGN_IN_ATTEMPTS, SIGN_IN_WINDOW = 5, 15 * 60.0
"""Wrong passwords for one email from one address, per window."""
ADDRESS_ATTEMPTS = 30
"""Sign-in attempts from one address across every email, per window: one address trying many
accounts (or one slowly) is stopped without locking any account for everybody."""


@frozen
class Signed:
    """A resolved session: who, where, and the token forms must echo back."""

    session: Session
    principal: Principal | None  # None when the user belongs to no workspace any more
    csrf: str  # the token the session's forms carry (the database holds only its digest)

    def csrf_matches(self, sent: str) -> bool:
        if _legacy(self.session):
            return same(sent, self.session.csrf_token)
        return same(hash_secret(sent), self.session.csrf_token)


class DashboardSessions:
    def __init__(
        self,
        store: Store,
        clock: Clock,
        passwords: Passwords,
        *,
        secure: bool,
        limits: LimitsStorage,
    ) -> None:
        self.store, self.clock, self.passwords, self.secure = store, clock, passwords, secure
        self.failures = RateLimiter(limits, SIGN_IN_ATTEMPTS, SIGN_IN_WINDOW, "sign-in")
        self.addresses = RateLimiter(limits, ADDRESS_ATTEMPTS, SIGN_IN_WINDOW, "sign-in-address")

    # --- signing in and out -------------------------------------------------------------
    async def sign_in(self, email: str, password: str, ip: str) -> str:
        """Returns a new cookie token; raises `rate_limited` or `not_signed_in`.

        Two budgets, both of the address the attempt comes from, each taken before the password
        is checked (so parallel guesses cannot overrun them): every attempt from the address
        (ADDRESS_ATTEMPTS, whatever the email), and wrong passwords for one email from it
        (SIGN_IN_ATTEMPTS; a success clears that one). Over either, the address is refused,
        the right password included: it is the one guessing. No budget is the account's
        alone, so nobody can lock a user out who signs in from another address.
        """
        wait = await self.addresses.hit(ip)
        key = f"{email.strip().lower()}|{ip}"
        if wait is None:
            wait = await self.failures.hit(key)
        if wait is not None:
            raise ApiError(
                ErrorCode.RATE_LIMITED,
                "Too many sign-in attempts. Wait and try again.",
                headers={"Retry-After": str(wait)},
            )
        async with self.store.reading() as uow:
            user = await uow.users.get_by_email(email.strip())
            memberships = await uow.members.workspaces_of(user.id) if user else []
        if (
            not await self.passwords.verify(user.password_hash if user else None, password)
            or user is None
        ):
            raise ApiError(
                ErrorCode.NOT_SIGNED_IN, "That email and password do not match.", param="email"
            )
        await self.failures.clear(key)
        token, now = secrets.token_urlsafe(32), self.clock.now()
        workspace = min((m.workspace_id for m in memberships), default=None)
        async with self.store.transaction() as uow:
            await uow.sessions.add(
                Session(
                    id=hash_secret(token),
                    user_id=user.id,
                    workspace_id=workspace,
                    csrf_token=hash_secret(csrf_for(token)),
                    created_at=now,
                    expires_at=now + LIFETIME,
                )
            )
        return token

    async def sign_out(self, request: Request) -> None:
        token = request.cookies.get(COOKIE)
        if token:
            async with self.store.transaction() as uow:
                await uow.sessions.end(hash_secret(token), self.clock.now())

    def set_cookie(self, response: Response, token: str) -> None:
        response.set_cookie(
            COOKIE,
            token,
            max_age=int(LIFETIME.total_seconds()),
            httponly=True,
            samesite="lax",
            secure=self.secure,
            path="/",
        )

    def clear_cookie(self, response: Response) -> None:
        response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax", secure=self.secure)

    # --- resolving a request ------------------------------------------------------------
    async def current(self, request: Request) -> Signed | None:
        token = request.cookies.get(COOKIE)
        if not token:
            return None
        now = self.clock.now()
        async with self.store.reading() as uow:
            session = await uow.sessions.get(hash_secret(token))
            if session is None or not session.live(now):
                return None
            user = await uow.users.get(session.user_id)
            member = (
                await uow.members.get(session.workspace_id, session.user_id)
                if session.workspace_id
                else None
            )
        if user is None:
            return None
        csrf = session.csrf_token if _legacy(session) else csrf_for(token)
        if member is None:
            return Signed(session, None, csrf)
        mode = "test" if request.cookies.get(MODE_COOKIE) == "test" else "live"
        return Signed(
            session,
            # Read on every request: an assignment changed takes effect on the next one.
            Principal.person(member.workspace_id, user, member.role, mode, member.sees()),
            csrf,
        )

    async def principal(self, request: Request) -> Principal | None:
        """For /v1 approve/reject: a live session whose `x-csrf-token` matches.

        A missing header is left to the request validator (400 invalid_parameter); a header
        that does not match is `missing_permission` with permission `csrf`.
        """
        signed = await self.current(request)
        if signed is None or signed.principal is None:
            return None
        sent = request.headers.get("x-csrf-token")
        if sent is not None and not signed.csrf_matches(sent):
            raise ApiError(
                ErrorCode.MISSING_PERMISSION,
                "The CSRF token does not match your session. Reload the page and try again.",
                permission="csrf",
            )
        return signed.principal

    async def switch(self, signed: Signed, workspace_id: str) -> None:
        async with self.store.transaction() as uow:
            if await uow.members.get(workspace_id, signed.session.user_id) is None:
                raise ApiError(ErrorCode.WORKSPACE_NOT_FOUND, param="workspaceId")
            await uow.sessions.switch(signed.session.id, workspace_id)


def csrf_for(cookie_token: str) -> str:
    """A session's CSRF token, derived from its cookie token (which only the browser holds):
    the database keeps its SHA-256, so a copy of the database forges no form."""
    mac = hmac.new(cookie_token.encode(), b"countersign csrf", hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac).rstrip(b"=").decode()


def _legacy(session: Session) -> bool:
    """A session made before CSRF tokens were kept as digests holds its token in clear (43
    characters, never a 64-character hex digest); it ends within LIFETIME."""
    return len(session.csrf_token) != 64


def same(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode(), b.encode())
