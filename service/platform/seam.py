"""The one place that decides, by mode, whether a call reaches the platform or the sandbox.

Test-mode accounts and links never reach the platform: `connect(account)` hands every
caller (live reads, the syncer, the executor) the same request function, the sandbox's for test
mode and the HTTP client's for live mode, plus the session to send and whether the outcome is
simulated. No caller branches on the mode itself.
"""

from __future__ import annotations

from collections.abc import Callable

from attrs import frozen

from service.accounts.model import Account
from service.kit.crypto import SecretBox
from service.kit.outgoing_http import OutgoingHttp

from .budget import Metered, PlatformBudget
from .client import PlatformClient
from .errors import PlatformUnavailable
from .routes import PlatformRequester
from .sandbox import SandboxPlatform, sandbox_session

OPENED = 1024


@frozen
class Connection:
    """Where one account's calls go: `platform.request(route, session=session, ...)`."""

    platform: PlatformRequester
    session: str
    simulated: bool
    """True in test mode: nothing reaches the platform and writes answer `{"simulated": true}`."""


class NotConnected(PlatformUnavailable):
    """No call was made: the live account is unavailable or holds no session
    (`account_unavailable`), or no platform is configured (`platform_error`)."""

    def __init__(self, message: str, *, code: str = "platform_error") -> None:
        super().__init__(message, may_have_applied=False)
        self.code = code


class Platforms:
    def __init__(
        self,
        *,
        sandbox: SandboxPlatform,
        secrets: SecretBox,
        http: OutgoingHttp,
        url: str | None,
        timeout: float,
        budget: PlatformBudget | None = None,
    ) -> None:
        self.sandbox, self._secrets, self._http = sandbox, secrets, http
        self.url, self.timeout = url, timeout
        self.budget = budget
        self._live: PlatformClient | None = None
        self._opened: dict[bytes, str] = {}  # sealed session -> session (see `_session`)

    @property
    def live(self) -> PlatformClient | None:
        """The real platform over the shared HTTP session; None when none is configured."""
        if not self.url:
            return None
        session = self._http.platform
        if self._live is None or self._live.http is not session:  # one per opened session
            self._live = PlatformClient(self.url, session, timeout=self.timeout)
        return self._live

    def connect(
        self,
        account: Account,
        *,
        enforce_budget: bool = False,
        pace_for: float | None = None,
        on_wait: Callable[[], None] | None = None,
    ) -> Connection:
        """Raises `NotConnected` when no call can be made. Test-mode accounts always reach
        the sandbox; a live account needs a stored session. Whether an unavailable account is
        called at all is the caller's decision (the syncer re-checks restricted ones).

        Every read through the connection spends the account's platform budget (both modes,
        so test mode behaves as live); `enforce_budget` (live reads) refuses one over it with
        `BudgetSpent`. `pace_for` (the syncer) paces reads within the syncer's share of the
        budget, waiting for room for up to `pace_for` seconds from now (its lease); past that,
        as without either, a read is only counted. `on_wait` is called before each such wait."""
        connection = self._connect(account)
        if self.budget is None:
            return connection
        key = self.budget.key(account.workspace_id, account.id)
        pace_until = None if pace_for is None else self.budget.now() + pace_for
        metered = Metered(
            connection.platform,
            self.budget,
            key,
            enforce=enforce_budget,
            pace_until=pace_until,
            on_wait=on_wait,
        )
        return Connection(metered, connection.session, connection.simulated)

    def _connect(self, account: Account) -> Connection:
        if account.mode == "test":
            return Connection(
                self.sandbox, sandbox_session(account.workspace_id, account.id), simulated=True
            )
        if account.session_secret is None:
            raise NotConnected(
                account.status_reason
                or f"The account is {account.status}; the platform is not accepting calls.",
                code="account_unavailable",
            )
        live = self.live
        if live is None:
            raise NotConnected("No platform is configured (COUNTERSIGN_PLATFORM_URL).")
        return Connection(live, self._session(account.session_secret), simulated=False)

    def _session(self, sealed: bytes) -> str:
        """The platform session a sealed one holds. Opening a seal (an HMAC and an AES
        decryption) was a twentieth of a live read's CPU, and a live account's seal changes only
        when it is relinked, so each seal is opened once: the session is in this process's
        memory for every call anyway. At most `OPENED` seals are kept; then they start over."""
        session = self._opened.get(sealed)
        if session is None:
            if len(self._opened) >= OPENED:
                self._opened.clear()
            session = self._opened[sealed] = self._secrets.open(sealed)
        return session
