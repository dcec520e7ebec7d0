"""Read tools answer through the very /v1 handlers REST uses, called in-process.

A synthetic request carries the agent's own key headers, so authentication, the per-key rate
limit, scopes, openapi.yaml validation, pagination and rendering are one code path for both
channels; an `ApiError` raised there comes back to the tool unchanged.
"""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any
from urllib.parse import quote, urlencode

from starlette.requests import Request

from service.errors import ApiError

KEY_HEADERS = ("authorization", "x-api-key")


def _query_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


class RestBridge:
    def __init__(self, services: Any) -> None:
        self.services = services
        self._app = SimpleNamespace(state=SimpleNamespace(services=services))

    async def call(self, route: Any, mcp_request: Any, request_id: str, *, method: str,
                   path: str, path_params: dict[str, str] | None = None,
                   query: dict[str, Any] | None = None,
                   body: dict[str, Any] | None = None) -> dict[str, Any]:
        """`route` is a function decorated with `@endpoint`; `path` uses `{name}` templates."""
        if mcp_request is None:
            raise ApiError("missing_api_key")
        path_params = path_params or {}
        headers = [(name.encode(), mcp_request.headers[name].encode("latin-1", "replace"))
                   for name in KEY_HEADERS if name in mcp_request.headers]
        raw = b""
        if body is not None:
            raw = json.dumps(body).encode()
            headers += [(b"content-type", b"application/json"),
                        (b"content-length", str(len(raw)).encode())]
        pairs = {k: _query_value(v) for k, v in (query or {}).items() if v is not None}
        concrete = path.format(**{k: quote(v, safe="") for k, v in path_params.items()})
        scope = {"type": "http", "method": method, "path": concrete,
                 "raw_path": concrete.encode(), "query_string": urlencode(pairs).encode(),
                 "headers": headers, "path_params": path_params, "app": self._app,
                 "state": {"request_id": request_id}}
        sent = False

        async def receive() -> dict[str, Any]:
            nonlocal sent
            if sent:
                return {"type": "http.disconnect"}
            sent = True
            return {"type": "http.request", "body": raw, "more_body": False}

        response = await route(Request(scope, receive))
        return json.loads(response.body)
