"""ETags of settings and the If-Match check: two scripts never silently overwrite each other.

A setting's ETag is a digest of what is stored for it (not of counters beside it, like a daily
limit's use), so it changes exactly when the setting does. A write naming an ETag the setting
no longer has is refused with `412 precondition_failed`; the use case checks it inside the
transaction that writes."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode


def etag(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)
    return '"' + hashlib.sha256(text.encode()).hexdigest()[:32] + '"'


def check_if_match(if_match: str | None, current: str) -> None:
    """`If-Match` as RFC 9110 reads it: `*` or a list of tags (a weak `W/` one compares by its
    value); None when the caller sent none (the write goes ahead)."""
    if if_match is None:
        return
    tags = {t.strip().removeprefix("W/") for t in if_match.split(",")}
    if "*" in tags or current in tags:
        return
    raise ApiError(
        ErrorCode.PRECONDITION_FAILED,
        "The setting changed since it was read (its ETag is now " + current + ").",
        param="If-Match",
    )
