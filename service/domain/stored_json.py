"""JSON kept exactly as a response renders it, passed through without a decode and re-encode.

A page of synced messages is 50 stored JSON objects; decoding each into a dict only to encode
it again was the largest part of the read after the database. Where the stored text already
is the API form, the repository hands it over as `StoredJson` and the response splices it in
(service/http/json_body.py); the answer is byte for byte what encoding the decoded value gives
(tests/storage/test_stored_json.py).
"""

from __future__ import annotations

import json
from typing import Any


class StoredJson(str):
    """One JSON value's text, exactly as a response renders it: compact separators, keys in
    stored order, no `\\u` escapes (`json.dumps(value, ensure_ascii=False, separators=(",",
    ":"))`). `value()` decodes it where a dict is needed (response validation, MCP, cursors)."""

    __slots__ = ()

    def value(self) -> Any:
        return json.loads(self)


def as_rendered(text: str) -> StoredJson | None:
    """`text`, stored by `compact_json` (storage/sql/driver/types.py: compact, ASCII-escaped), as
    `StoredJson` when it already is the API form; None when it must be decoded and re-encoded.

    The two writers differ only in escapes: the stored form writes every non-ASCII character
    (and DEL) as `\\uXXXX`, the response writes them as they are; both write control characters
    alike, and any `\\u00XX` among those is sent the slow way too. So text without `\\u` is
    the API form. A row written with the default separators always holds `": ` after its first
    key; text holding it (in a string, say) is also sent the slow way, which is merely slower."""
    if "\\u" in text or '": ' in text:
        return None
    return StoredJson(text)


def plain(value: Any) -> Any:
    """`value` with every `StoredJson` inside it decoded: what validation and MCP see."""
    if isinstance(value, StoredJson):
        return value.value()
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value
