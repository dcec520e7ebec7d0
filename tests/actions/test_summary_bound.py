"""A stored summary fits its column whatever the names it carries."""

from __future__ import annotations

from service.actions.types.registry import SUMMARY_LIMIT, clipped_summary


def test_a_summary_past_its_limit_ends_in_an_ellipsis_within_it() -> None:
    long = "Send a mass message to " + ", ".join(f"list {'x' * 150} {i}" for i in range(3))
    clipped = clipped_summary(long)
    assert len(long) > SUMMARY_LIMIT
    assert len(clipped) == SUMMARY_LIMIT and clipped.endswith("…")
    assert long.startswith(clipped[:-1])
    assert clipped_summary("Add fan Toby J. to the list VIP.") == "Add fan Toby J. to the list VIP."
