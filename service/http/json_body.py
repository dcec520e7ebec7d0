"""Response bodies as JSONResponse renders them, with stored JSON spliced in as it is."""

from __future__ import annotations

from typing import Any

from starlette.responses import JSONResponse

from service.domain.json_encoding import compact_encoder
from service.domain.stored_json import StoredJson

_dumps = compact_encoder(ensure_ascii=False, allow_nan=False)
"""JSONResponse's encoding (`json.dumps` with these options), by an encoder made once."""


def json_body(body: dict[str, Any]) -> bytes:
    """The bytes JSONResponse renders for `body`, except that the `StoredJson` items of a
    leading `data` list go in as they are rather than decoded and encoded again (which gives
    the same bytes: service/domain/stored_json.py)."""
    data = body.get("data")
    if (
        not isinstance(data, list)
        or next(iter(body)) != "data"
        or not any(isinstance(item, StoredJson) for item in data)
    ):
        return _dumps(body).encode()
    items = ",".join(item if isinstance(item, StoredJson) else _dumps(item) for item in data)
    rest = _dumps({k: v for k, v in body.items() if k != "data"})
    return f'{{"data":[{items}]{"}" if rest == "{}" else "," + rest[1:]}'.encode()


class ApiResponse(JSONResponse):
    """A JSONResponse that passes stored JSON through (`json_body`)."""

    def render(self, content: Any) -> bytes:
        return json_body(content)
