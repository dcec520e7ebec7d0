"""Passwords are argon2id hashes made off the event loop; the profile comes from Settings."""

from __future__ import annotations

import asyncio

import pytest
from argon2 import PasswordHasher

from service.kit.passwords import Passwords
from service.settings import Settings, SettingsError


async def test_hash_and_verify():
    passwords = Passwords("cheapest")
    hashed = await passwords.hash("correct horse battery")
    assert hashed.startswith("$argon2id$") and "correct" not in hashed
    assert await passwords.verify(hashed, "correct horse battery")
    assert not await passwords.verify(hashed, "wrong")
    assert not await passwords.verify("garbage", "x")
    assert not await passwords.verify(None, "anything")  # unknown user: a dummy, never True


async def test_hashing_runs_in_a_thread_so_the_event_loop_keeps_serving():
    passwords, ticks, done = Passwords("cheapest"), 0, asyncio.Event()

    async def other_request():
        nonlocal ticks
        while not done.is_set():
            ticks += 1
            await asyncio.sleep(0)

    running = asyncio.create_task(other_request())
    hashed = await passwords.hash("x")
    assert await passwords.verify(hashed, "x")
    done.set()
    await running
    assert ticks > 0  # hashing on the loop itself would never have let it run


async def test_the_default_profile_is_argon2_cffi_default():
    d = PasswordHasher()
    hashed = await Passwords(Settings().password_hashing).hash("x")
    assert f"m={d.memory_cost},t={d.time_cost},p={d.parallelism}" in hashed


def test_the_profile_is_a_validated_setting():
    env = {"COUNTERSIGN_PASSWORD_HASHING": "cheapest"}
    assert Settings.from_env(env).password_hashing == "cheapest"
    assert Settings.from_env({}).password_hashing == "default"
    with pytest.raises(SettingsError, match="PASSWORD_HASHING"):
        Settings.from_env({"COUNTERSIGN_PASSWORD_HASHING": "fast"})
