"""Compact JSON text, encoded by the standard library's C encoder made once.

`json.dumps` and `JSONEncoder.encode` build a new C encoder on every call, which costs more than
encoding a small value (an action's `warnings`, a key's `requestedBy`): a creation encodes a
dozen. `compact_encoder` makes it once and gives the same text as
`json.JSONEncoder(separators=(",", ":"), ensure_ascii=..., allow_nan=...).encode`. Without a
circular-reference check: what we encode was decoded from JSON or built by our code.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from json import encoder as _encoder
from typing import Any


def compact_encoder(*, ensure_ascii: bool = True, allow_nan: bool = True) -> Callable[[Any], str]:
    reference = json.JSONEncoder(
        separators=(",", ":"), ensure_ascii=ensure_ascii, allow_nan=allow_nan
    )
    make = _encoder.c_make_encoder  # type: ignore[attr-defined]
    if make is None:  # an interpreter without the C accelerator: the encoder as it is
        return reference.encode
    strings = _encoder.encode_basestring_ascii if ensure_ascii else _encoder.encode_basestring
    chunks = make(None, reference.default, strings, None, ":", ",", False, False, allow_nan)

    def encode(value: Any) -> str:
        return "".join(chunks(value, 0))

    return encode
