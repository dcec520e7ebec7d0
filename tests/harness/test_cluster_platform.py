"""bench/cluster.py kills its fake platform; the wrapper it runs keeps sessions and the write log."""

from __future__ import annotations

import asyncio
import importlib.util
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]


def _module():
    spec = importlib.util.spec_from_file_location(
        "cluster_platform", ROOT / "bench" / "cluster_platform.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_sessions_and_answered_writes_survive_a_restart(tmp_path):
    cp = _module()
    state = cp.DurablePlatformState(1, tmp_path)
    creator = next(iter(state.creators.values()))
    token = state.create_session(creator.user_id).token
    app = cp.durable(cp.create_platform_app(state), state)
    fan = next(iter(creator.fans))

    async def send() -> int:
        async with httpx.AsyncClient(
            transport=httpx.ASGITransport(app=app), base_url="http://p"
        ) as http:
            r = await http.post(
                f"/api/chats/{fan}/messages",
                json={"text": "<p>once</p>"},
                headers={"Authorization": f"Bearer {token}"},
            )
            return r.status_code

    assert asyncio.run(send()) == 200

    again = cp.DurablePlatformState(1, tmp_path)  # a new process after kill -9
    assert again.session_user(token) == creator.user_id
    assert [(w["route"], w["applied"]) for w in again.writes] == [
        ("POST /chats/:id/messages", True)
    ]
