"""A creation reads its account and the one fan it names with its key, in one statement; its
body may be read before the key is checked for that, and every answer stays as it was."""

from __future__ import annotations

import pytest

from service.api.endpoint import read_once
from service.synced.model import Fan
from tests.factories import build_world


@pytest.fixture
async def world(store, clock):
    world = await build_world(store, clock)
    fan = Fan(world.workspace_id, "40001", "7001", "fan7001", None, None, "active", None, None)
    async with store.transaction() as uow:
        await uow.fans.put_many(world.workspace_id, "40001", [fan])
    return world


@pytest.fixture
async def statements(store, monkeypatch) -> list[str]:
    """The SQL of every statement the service runs from now on."""
    async with store.reading() as uow:
        connection = type(uow.conn)
    ran: list[str] = []
    run = connection._run

    async def counted(self, sql, args, returns_rows):
        ran.append(sql)
        return await run(self, sql, args, returns_rows)

    monkeypatch.setattr(connection, "_run", counted)
    return ran


def message(fan_id: str) -> dict:
    return {"type": "send_message", "params": {"fanId": fan_id, "text": "<p>Hi</p>"}}


async def test_a_creation_reads_its_fan_with_its_key(client, world, statements):
    path = f"/v1/accounts/{world.live_account}/actions"
    for fan_id, warnings in (("7001", []), ("7999", ["fan_not_found"])):
        statements.clear()
        headers = {**world.auth(), "Idempotency-Key": f"along-{fan_id}"}
        response = await client.post(path, json=message(fan_id), headers=headers)
        assert response.status_code == 202, response.text
        assert [w["code"] for w in response.json()["data"]["warnings"]] == warnings
        reads = [sql for sql in statements if sql.lstrip().upper().startswith("SELECT")]
        assert len(reads) == 1, reads  # the key, the account, its rules and limits, the fan
        assert "fan_along_" in reads[0]


async def test_a_body_read_before_the_key_is_answered_in_its_turn(client, world, statements):
    """The key is still checked first: an unknown key is 401 whatever the body, and a body
    with no fan to read along is read and refused as before, after the key."""
    path = f"/v1/accounts/{world.live_account}/actions"
    bad_key = {"Authorization": "Bearer sk_live_nope", "Idempotency-Key": "k"}
    good_key = {**world.auth(), "Idempotency-Key": "k"}
    json_type = {"Content-Type": "application/json"}
    for body in (b"{not json", b'{"type": "no_such_type", "params": {}}', b"[1]"):
        answer = await client.post(path, content=body, headers={**bad_key, **json_type})
        assert (answer.status_code, answer.json()["error"]["code"]) == (401, "invalid_api_key")
    answer = await client.post(path, content=b"{not json", headers={**good_key, **json_type})
    error = answer.json()["error"]
    assert (answer.status_code, error["code"], error["param"]) == (400, "invalid_parameter", "body")
    # A body too large to read before the key (over 8 KiB) is read after it, as any other.
    big = {"type": "send_message", "params": {"fanId": "7001", "text": "é" * 4500}}
    answer = await client.post(path, json=big, headers=bad_key)
    assert answer.status_code == 401
    statements.clear()
    answer = await client.post(path, json=big, headers=good_key)
    assert answer.status_code == 202, answer.text
    assert not any("fan_along_" in sql for sql in statements)
    assert any(sql.lstrip().startswith("SELECT fans.") for sql in statements)


async def test_a_body_read_once_answers_every_reader_alike():
    calls = []

    async def read(limit: int) -> bytes:
        calls.append(limit)
        raise ValueError("cut off")

    once = read_once(read)
    for _ in range(2):
        with pytest.raises(ValueError, match="cut off"):
            await once(10)
    assert calls == [10]

    async def body(limit: int) -> bytes:
        calls.append(limit)
        return b"{}"

    twice = read_once(body)
    assert [await twice(5), await twice(5)] == [b"{}", b"{}"]
    assert calls == [10, 5]
