"""What an approver may change before approving: only ever less than was asked.

`text` may be rewritten; `priceCents` lowered (or removed: free); `mediaIds` shortened; a mass
message's audience narrowed (lists and fans removed, excluded lists added). Anything else
(a higher price, another list, new media, another fan, another message or list id) would
approve something nobody asked for: `invalid_parameter` naming the field. Pure: the use case
normalises the result as at creation (service/actions/facts.py::as_sent).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode

EDITABLE = frozenset({"text", "priceCents", "mediaIds", "audience"})
"""Keys an approver may change (within the rules below); every other key must stay as asked."""


def _widened(param: str, message: str) -> ApiError:
    return ApiError(ErrorCode.INVALID_PARAMETER, message, param=f"params.{param}")


def _subset(param: str, before: Sequence[str], after: Sequence[str], what: str) -> None:
    allowed = set(before)
    for i, item in enumerate(after):
        if item not in allowed:
            raise _widened(
                f"{param}[{i}]",
                f"{what} {item} was not in the request; an approver may remove {what.lower()}s, "
                "never add them.",
            )


def check_narrowing(before: Mapping[str, Any], after: Mapping[str, Any]) -> None:
    """Raise `invalid_parameter` unless `after` asks for no more than `before`."""
    for key in sorted(set(before) | set(after)):
        if key in EDITABLE:
            continue
        if before.get(key) != after.get(key):
            raise _widened(
                key,
                f"`{key}` cannot be changed before approval (only text, a lower price, fewer "
                "media and a narrower audience can); reject the action and ask again instead.",
            )
    if "text" in after and "text" not in before:
        raise _widened("text", "This action type has no text to edit.")
    price_before, price_after = before.get("priceCents") or 0, after.get("priceCents") or 0
    if price_after > price_before:
        raise _widened(
            "priceCents",
            f"The price can only be lowered before approval (asked: {price_before} cents).",
        )
    _subset("mediaIds", before.get("mediaIds", []), after.get("mediaIds", []), "Media")
    if "audience" in before or "audience" in after:
        _audience(before.get("audience") or {}, after.get("audience") or {})


def _audience(before: Mapping[str, Any], after: Mapping[str, Any]) -> None:
    _subset("audience.listIds", before.get("listIds", []), after.get("listIds", []), "List")
    _subset("audience.fanIds", before.get("fanIds", []), after.get("fanIds", []), "Fan")
    kept = set(after.get("excludeListIds", []))
    for item in before.get("excludeListIds", []):
        if item not in kept:
            raise _widened(
                "audience.excludeListIds",
                f"Excluded list {item} must stay excluded; an approver may exclude more lists, "
                "never fewer.",
            )
    if not after.get("listIds") and not after.get("fanIds"):
        raise _widened(
            "audience",
            "The audience would be empty: keep at least one list or fan, or reject the action.",
        )
