"""A fake of the creator subscription platform, served over real HTTP, for tests and QA.

The service talks to the platform only through its client request function. This
package answers those routes from a seeded, mutable world, signs creators in (with 2FA and a
selfie check where the account asks), injects faults on command, and logs every write, so
tests can assert on what reached the platform. See README.md for the wire design.

    from harness.platform import run_platform_in_thread
    with run_platform_in_thread(seed=1) as platform:
        platform.base_url, platform.state        # real URL on 127.0.0.1, the live state
"""

from .app import API_ROUTES, create_platform_app
from .faults import canonical_route
from .server import RunningPlatform, run_platform_in_thread, start_platform_in_thread
from .state import PlatformState

__all__ = [
    "API_ROUTES",
    "PlatformState",
    "RunningPlatform",
    "canonical_route",
    "create_platform_app",
    "run_platform_in_thread",
    "start_platform_in_thread",
]
