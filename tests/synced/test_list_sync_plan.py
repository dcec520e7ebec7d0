"""Which pass each long list gets (service/synced/list_sync.py::plan): pure rules."""

from __future__ import annotations

import datetime as dt

from service.synced.list_sync import plan

NOW = dt.datetime(2026, 11, 27, 12, tzinfo=dt.UTC)
HOUR = 3600.0


def full_at(age_hours: float) -> dict[str, tuple[dt.datetime, None]]:
    at = NOW - dt.timedelta(hours=age_hours)
    return {f"full:{name}": (at, None) for name in ("fans_active", "fans_expired", "transactions")}


def test_a_first_sync_reads_every_list_in_full():
    assert set(plan({}, NOW, 6 * HOUR, fans_changed=True).passes.values()) == {(0, True)}


def test_between_reconciliations_fans_are_skipped_unless_their_signature_moved():
    quiet = plan(full_at(1), NOW, 6 * HOUR, fans_changed=False).passes
    assert quiet == {"fans_active": None, "fans_expired": None, "transactions": (0, False)}
    moved = plan(full_at(1), NOW, 6 * HOUR, fans_changed=True).passes
    assert set(moved.values()) == {(0, False)}


def test_a_reconciliation_is_due_once_the_last_full_pass_is_older_than_the_interval():
    assert set(plan(full_at(6), NOW, 6 * HOUR, fans_changed=False).passes.values()) == {(0, True)}


def test_a_list_cut_at_the_page_cap_goes_on_from_its_offset_before_anything_else():
    states = {
        **full_at(1),
        "more:transactions": (NOW, {"offset": 200_000, "full": False}),
        "more:fans_active": (NOW, {"offset": 100_000, "full": True}),
    }
    passes = plan(states, NOW, 6 * HOUR, fans_changed=False).passes
    assert passes == {
        "fans_active": (100_000, True),
        "fans_expired": None,
        "transactions": (200_000, False),
    }


def test_an_unreadable_continuation_starts_the_list_again_in_full():
    states = {**full_at(1), "more:transactions": (NOW, {"offset": "x"})}
    assert plan(states, NOW, 6 * HOUR, fans_changed=False).passes["transactions"] == (0, True)
