"""PlatformClient: the client request function over HTTP, and creator sign-in.

`request("POST /chats/:id/messages", session=..., path_params={"id": fan_id}, body=...)`
returns the platform's decoded JSON or raises a `PlatformError` subclass; nothing else escapes
(a route outside the catalogue is a ValueError: our bug, not the platform's answer).

Wire design (ours, see harness/platform/README.md): routes live under
`{base_url}/api`, the platform session goes in `Authorization: Bearer`, errors come back as
`{"error": {"code", "message", "kind"?}}`. Sign-in lives under `{base_url}/auth`.

The HTTP session (`aiohttp.ClientSession`, made by service/kit/outgoing_http.py's
`platform_session()`) is injected and owned
by the caller (opened and closed in the app's lifespan with the other outgoing HTTP), so
connection pooling is shared and tests can hand in their own. aiohttp rather than httpx (which
the rest of our outgoing HTTP uses): on this path every live read waits for it, and httpx's
connection pool spent several times aiohttp's CPU per call, falling further behind with
concurrent calls (bench/results/issue18/platform_route.md).

What the session must be, as `platform_session()` makes it: no automatic retry (aiohttp resends
an idempotent method, DELETE and PUT included, once when the connection drops; a write must
reach the platform at most once, and a dropped call is reported, `may_have_applied`), no
redirects followed and no cookies kept (a cookie from one creator's call would ride along on
every other's). A proxy named by the environment (`HTTPS_PROXY`, `NO_PROXY`, ...) is honoured
as httpx honours it, looked up once per client instead of per call as aiohttp's `trust_env`
would (two thread hand-offs a call).

Timeouts, as httpx counted them: `timeout` seconds to get a connection (waiting for a free one
in the pool included) and to connect, and `timeout` seconds at most between two reads of the
answer. A connection that was never made means the call was never sent.
"""

from __future__ import annotations

import datetime as dt
import email.utils
import json
from collections.abc import Mapping
from datetime import datetime
from typing import Any

import aiohttp
from aiohttp.helpers import get_env_proxy_for_url
from attrs import frozen
from yarl import URL

from service.domain.json_text import UnacceptableJson, parse_json

from .errors import (
    AccountRestricted,
    NotFoundUpstream,
    PlatformError,
    PlatformTimeout,
    PlatformUnavailable,
    SessionExpired,
)
from .routes import lookup

DEFAULT_TIMEOUT = 10.0
# Our wire rule (harness/platform/README.md): 429 (rate limited) and 503 (overloaded, down for
# maintenance) are refusals before the request is handled, so a write answered so did not
# apply. 500, 502 and 504 may come after the platform acted on it.
REFUSED_UNREAD = frozenset({429, 503})
_SIGN_IN_REFUSALS = frozenset(
    {"invalid_credentials", "invalid_code", "invalid_challenge", "bad_request"}
)


@frozen
class Answer:
    """What the platform answered: the status, the body, and `Retry-After` if it was sent."""

    status_code: int
    content: bytes
    retry_after: str | None = None

    @property
    def is_success(self) -> bool:
        return 200 <= self.status_code < 300


@frozen
class SignInResult:
    """One sign-in step's outcome.

    `status` is "ok" (with `session_token`, `user_id`, `expires_at`), "2fa_required" or
    "selfie_required" (with `challenge_id` for the next step), or a refusal the creator can
    fix: "invalid_credentials", "invalid_code", "invalid_challenge" (start again) or
    "bad_request" (with `message`).
    """

    status: str
    session_token: str | None = None
    user_id: str | None = None
    expires_at: datetime | None = None
    challenge_id: str | None = None
    message: str | None = None

    @property
    def ok(self) -> bool:
        return self.status == "ok"


class PlatformClient:
    """Calls the platform for one service process; stateless apart from its settings."""

    def __init__(
        self,
        base_url: str,
        http: aiohttp.ClientSession,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        api_prefix: str = "/api",
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.http = http
        self._api = self.base_url + api_prefix
        self._timeout = aiohttp.ClientTimeout(
            total=None, connect=timeout, sock_connect=timeout, sock_read=timeout
        )
        self._proxy, self._proxy_auth = _env_proxy(self.base_url)

    async def request(
        self,
        route: str,
        *,
        session: str,
        path_params: Mapping[str, Any] | None = None,
        query: Mapping[str, Any] | None = None,
        body: Mapping[str, Any] | None = None,
    ) -> Any:
        """The decoded JSON result of one catalogued route, or a PlatformError."""
        spec = lookup(route)
        url = self._api + spec.path(path_params)
        response = await self._send(
            spec.method, url, is_write=spec.is_write, session=session, query=query, body=body
        )
        if response.is_success:
            return _json(response, is_write=spec.is_write)
        raise _api_error(response, is_write=spec.is_write)

    async def sign_in(self, email: str, password: str) -> SignInResult:
        return await self._sign_in_step("/auth/login", {"email": email, "password": password})

    async def submit_2fa(self, challenge_id: str, code: str) -> SignInResult:
        return await self._sign_in_step("/auth/2fa", {"challengeId": challenge_id, "code": code})

    async def submit_selfie(self, challenge_id: str, image: str) -> SignInResult:
        return await self._sign_in_step(
            "/auth/selfie", {"challengeId": challenge_id, "image": image}
        )

    async def _sign_in_step(self, path: str, body: dict[str, Any]) -> SignInResult:
        # A guess is judged like a write is applied: one sent and not answered (a timeout, a
        # broken connection, a 5xx) may have been judged, so its error says `may_have_applied`
        # and the link keeps the attempt counted (service/linking/flow.py).
        response = await self._send("POST", self.base_url + path, is_write=True, body=body)
        if response.is_success:
            return _sign_in_answer(_json(response, is_write=True), response.status_code)
        code, message, _ = _error_fields(response)
        if response.status_code in (400, 401) and code in _SIGN_IN_REFUSALS:
            return SignInResult(status=code, message=message)
        raise _generic_error(response, code, message, is_write=True)

    async def _send(
        self,
        method: str,
        url: str,
        *,
        is_write: bool,
        session: str | None = None,
        query: Mapping[str, Any] | None = None,
        body: Mapping[str, Any] | None = None,
    ) -> Answer:
        headers = {"Accept": "application/json"}
        if session is not None:
            headers["Authorization"] = f"Bearer {session}"
        data = None
        if body is not None:  # encoded as httpx encodes `json=`
            data = json.dumps(
                dict(body), ensure_ascii=False, separators=(",", ":"), allow_nan=False
            ).encode()
            headers["Content-Type"] = "application/json"
        try:
            async with self.http.request(
                method,
                URL(url, encoded=True),  # our paths are quoted already (routes.py)
                params=_query(query),
                data=data,
                headers=headers,
                timeout=self._timeout,
                allow_redirects=False,
                proxy=self._proxy,
                proxy_auth=self._proxy_auth,
            ) as response:
                return Answer(
                    response.status, await response.read(), response.headers.get("Retry-After")
                )
        except TimeoutError as error:  # aiohttp's timeouts are TimeoutErrors too
            unsent = isinstance(error, aiohttp.ConnectionTimeoutError)
            raise PlatformTimeout(
                f"The platform did not answer within {self.timeout:g} seconds.",
                retryable=True,
                may_have_applied=is_write and not unsent,
            ) from error
        except aiohttp.ClientError as error:
            unsent = isinstance(error, aiohttp.ClientConnectorError | aiohttp.InvalidURL)
            raise PlatformUnavailable(
                "The platform could not be reached."
                if unsent
                else "The connection to the platform broke before it answered.",
                retryable=True,
                may_have_applied=is_write and not unsent,
            ) from error


def _env_proxy(url: str) -> tuple[URL | None, aiohttp.BasicAuth | None]:
    """The proxy the environment names for `url`, as httpx's `trust_env` reads it."""
    try:
        return get_env_proxy_for_url(URL(url))
    except LookupError:
        return None, None


def _query(query: Mapping[str, Any] | None) -> dict[str, Any] | None:
    if not query:
        return None
    return {
        key: ("true" if v else "false") if isinstance(v, bool) else v
        for key, v in query.items()
        if v is not None
    }


def _json(response: Answer, *, is_write: bool) -> Any:
    if not response.content:
        return None
    try:
        return parse_json(response.content)
    except UnacceptableJson:
        raise PlatformUnavailable(
            "The platform sent an answer that is not JSON we accept.",
            upstream_status=response.status_code,
            may_have_applied=is_write,
        ) from None


def _error_fields(response: Answer) -> tuple[str | None, str | None, str | None]:
    """(code, message, kind) from `{"error": {...}}`, all None when the body is not that."""
    try:
        error = parse_json(response.content).get("error")
    except (UnacceptableJson, AttributeError):
        return None, None, None
    if not isinstance(error, dict):
        return None, None, None
    fields = (error.get("code"), error.get("message"), error.get("kind"))
    return tuple(f if isinstance(f, str) else None for f in fields)  # type: ignore[return-value]


def _api_error(response: Answer, *, is_write: bool) -> PlatformError:
    code, message, kind = _error_fields(response)
    status = response.status_code
    if status == 401:
        return SessionExpired(upstream_status=status, upstream_code=code)
    if status == 403 and code == "account_restricted":
        return AccountRestricted(upstream_status=status, upstream_code=code)
    if status == 404 and kind not in (None, "route"):
        return NotFoundUpstream(kind=kind, upstream_status=status, upstream_code=code)
    return _generic_error(response, code, message, is_write=is_write)


def _generic_error(
    response: Answer, code: str | None, message: str | None, *, is_write: bool
) -> PlatformError:
    status = response.status_code
    detail = f": {message[:300]}" if message else ""
    if status == 429 or status >= 500:
        return PlatformUnavailable(
            f"The platform answered with an error (HTTP {status}){detail}",
            upstream_status=status,
            upstream_code=code,
            retryable=True,
            may_have_applied=is_write and status not in REFUSED_UNREAD,
            retry_after=_retry_after(response.retry_after),
        )
    return PlatformUnavailable(
        f"The platform refused the call (HTTP {status}){detail}",
        upstream_status=status,
        upstream_code=code,
    )


def _retry_after(value: str | None) -> float | None:
    """`Retry-After` in seconds (a number or an HTTP date); None when absent or unreadable."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        return None
    return max((when - dt.datetime.now(dt.UTC)).total_seconds(), 0.0)


def _str_or_none(value: Any) -> str | None:
    return None if value is None else str(value)


def _sign_in_answer(data: Any, status: int) -> SignInResult:
    """A successful sign-in step's answer, or PlatformUnavailable when its shape is not ours."""
    unknown = PlatformUnavailable(
        "The platform sent a sign-in answer we do not know.", upstream_status=status
    )
    if not isinstance(data, dict) or not isinstance(data.get("status"), str):
        raise unknown
    session = data.get("session") or {}
    challenge = data.get("challengeId")
    if not isinstance(session, dict) or not isinstance(challenge, str | None):
        raise unknown
    token, user_id, expires = session.get("token"), session.get("userId"), session.get("expiresAt")
    if not isinstance(token, str | None) or not isinstance(user_id, str | int | None):
        raise unknown
    try:
        expires_at = datetime.fromisoformat(expires) if expires else None
    except (TypeError, ValueError):
        raise unknown from None
    return SignInResult(
        status=data["status"],
        session_token=token,
        user_id=_str_or_none(user_id),
        expires_at=expires_at,
        challenge_id=challenge,
    )
