"""Passwords are argon2id hashes; the suite's cheap profile never leaks into the default."""

from __future__ import annotations

import subprocess
import sys

from service.passwords import hash_password, verify_password


def test_hash_and_verify():
    hashed = hash_password("correct horse battery")
    assert hashed.startswith("$argon2id$") and "correct" not in hashed
    assert verify_password(hashed, "correct horse battery")
    assert not verify_password(hashed, "wrong") and not verify_password("garbage", "x")


def test_default_profile_is_argon2_cffi_default():
    code = ("from service.passwords import hash_password; from argon2 import PasswordHasher;"
            "h = hash_password('x'); d = PasswordHasher();"
            "assert f'm={d.memory_cost},t={d.time_cost},p={d.parallelism}' in h, h")
    env = {"PATH": "/usr/bin:/bin"}
    subprocess.run([sys.executable, "-c", code], check=True, env=env, cwd=".")
