"""A key lookup that reads a row along (the action a poll asks for, the account a creation
reads first, and the fan it names) seeks every table it joins by index on both drivers: its cost does not grow with
the workspace's actions, accounts or limits (test_list_plans.py's checks, on these joins)."""

from __future__ import annotations

from service.domain.principal import Principal
from service.keys.repository import ReadAlong
from service.keys.usecases import create_key
from tests.storage.test_list_plans import _plan, _problems, _seed, _statements

KEY_INDEX = {"sqlite": "(secret_hash=?)", "postgresql": "uq_api_keys_secret_hash"}
"""How each plan shows the key sought by its hash (SQLite names a unique constraint's index by
number)."""
KEYS = 200
"""Keys in the workspace: with a single one, any index of the table finds it as cheaply."""


async def test_a_key_lookup_reading_a_row_along_seeks_each_index(store, clock):
    ws = await _seed(store, clock)
    for n in range(KEYS):
        key, _ = await create_key(
            store, clock, Principal.operator(ws), name=f"key {n}", scopes=["read"], mode="live"
        )
    async with store.reading() as uow:
        [action] = await uow.actions.list(ws, mode="live", limit=1)
    problems = {}
    for along in (
        ReadAlong("actions", action.id),
        ReadAlong("accounts_for_create", "40001"),
        ReadAlong("accounts_for_create", "40001", fan_id="f00001"),
    ):

        async def lookup(uow, _ws, along=along):
            return await uow.keys.get_by_hash(key.secret_hash, along)

        [(sql, args)] = await _statements(store, ws, lookup)
        plan = await _plan(store, sql, args, sorts=False)
        if found := _problems(plan, store.dialect, (KEY_INDEX[store.dialect],), sorts=False):
            problems[repr(along)] = [*found, plan]
    assert problems == {}, "\n\n".join(f"{k}: " + "\n".join(v) for k, v in problems.items())
