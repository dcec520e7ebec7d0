"""`--tick-seconds`: the fake platform's revenue moves on by itself for QA and demos."""

from __future__ import annotations

import threading

from harness.platform import PlatformState
from harness.platform.__main__ import start_ticking


def snapshot(state: PlatformState) -> dict:
    with state.lock:
        return {
            tx.id: (tx.status, tx.deleted)
            for c in state.creators.values()
            for tx in c.transactions.values()
        }


def test_ticking_changes_the_ledger_until_stopped():
    state = PlatformState(3)
    before = snapshot(state)
    changed = threading.Event()
    original = state.tick

    def tick(user_id=None):
        result = original(user_id)
        changed.set()
        return result

    state.tick = tick
    stop = start_ticking(state, 0.01)
    try:
        assert changed.wait(5), "no tick happened"
    finally:
        stop.set()
    assert snapshot(state) != before
