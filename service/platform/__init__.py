"""Calling the platform: the route catalogue, the HTTP client, typed errors and the sandbox.

Everything that talks to the platform goes through one request function,
`request("VERB /path", session=..., path_params=..., query=..., body=...)`, implemented by
`PlatformClient` (live mode, over HTTP) and `SandboxPlatform` (test mode, in memory). Both
raise only `PlatformError` subclasses for platform trouble and ValueError for a route that is
not in the catalogue.
"""

from .client import DEFAULT_TIMEOUT, PlatformClient, SignInResult
from .errors import (
    AccountRestricted,
    AccountUnavailable,
    NotFoundUpstream,
    PlatformError,
    PlatformTimeout,
    PlatformUnavailable,
    SessionExpired,
)
from .route_model import PlatformRoute
from .routes import CATALOGUE, ROUTES, PlatformRequester, lookup
from .sandbox import SandboxPlatform, sandbox_creators, sandbox_session

__all__ = [
    "CATALOGUE",
    "DEFAULT_TIMEOUT",
    "ROUTES",
    "AccountRestricted",
    "AccountUnavailable",
    "NotFoundUpstream",
    "PlatformClient",
    "PlatformError",
    "PlatformRequester",
    "PlatformRoute",
    "PlatformTimeout",
    "PlatformUnavailable",
    "SandboxPlatform",
    "SessionExpired",
    "SignInResult",
    "lookup",
    "sandbox_creators",
    "sandbox_session",
]
