"""Members' passwords, hashed with argon2id in a worker thread.

A hash costs tens of milliseconds of CPU and 64 MiB by design: on the event loop it would stall
every other request, and inside a write transaction it would hold SQLite's database lock. So
callers hash and verify before they open a transaction, and the work runs in a thread (argon2
releases the GIL). The profile comes from `Settings.password_hashing`: `cheapest` is argon2's
own testing profile, for test suites only (the same idea as Django's fast test hashers).
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from argon2 import PasswordHasher

PROFILES = ("default", "cheapest")
_DUMMY = "timing equaliser: never a real password"


class Passwords:
    def __init__(self, profile: str = "default") -> None:
        if profile not in PROFILES:
            raise ValueError(f"password hashing profile must be one of {PROFILES}")
        # argon2 loads here, not at import: settings.py reads PROFILES, and CLI commands that
        # never touch a password (keys list) should not pay for it.
        from argon2 import PasswordHasher, profiles

        self._hasher: PasswordHasher = (
            PasswordHasher.from_parameters(profiles.CHEAPEST)
            if profile == "cheapest"
            else PasswordHasher()
        )
        self._dummy: str | None = None

    async def hash(self, password: str) -> str:
        return await asyncio.to_thread(self._hasher.hash, password)

    async def verify(self, hashed: str | None, password: str) -> bool:
        """`hashed=None` (no such user) verifies against a dummy hash, so an unknown email
        takes as long as a wrong password, and is always False."""
        if hashed is None:
            if self._dummy is None:
                self._dummy = await self.hash(_DUMMY)
            await asyncio.to_thread(self._check, self._dummy, password)
            return False
        return await asyncio.to_thread(self._check, hashed, password)

    def _check(self, hashed: str, password: str) -> bool:
        from argon2.exceptions import InvalidHashError, VerificationError

        try:
            return self._hasher.verify(hashed, password)
        except (VerificationError, InvalidHashError):
            return False
