"""Members' passwords, hashed with argon2id.

Test suites may set COUNTERSIGN_PASSWORD_HASHING=cheapest for argon2's own testing profile
(the same idea as Django's fast test hashers); every other value keeps argon2-cffi's defaults.
"""

from __future__ import annotations

import os
from functools import cache

from argon2 import PasswordHasher, profiles
from argon2.exceptions import InvalidHashError, VerificationError


@cache
def _hasher() -> PasswordHasher:
    if os.environ.get("COUNTERSIGN_PASSWORD_HASHING") == "cheapest":
        return PasswordHasher.from_parameters(profiles.CHEAPEST)
    return PasswordHasher()


def hash_password(password: str) -> str:
    return _hasher().hash(password)


def verify_password(hashed: str, password: str) -> bool:
    try:
        return _hasher().verify(hashed, password)
    except (VerificationError, InvalidHashError):
        return False


@cache
def dummy_hash() -> str:
    """Verified against when the email is unknown, so both paths take the same time."""
    return hash_password("timing equaliser: never a real password")
