"""The one place that renders an `ApiError` as the JSON error envelope over HTTP."""

from __future__ import annotations

from starlette.responses import JSONResponse

from service.errors.api_error import ApiError


def error_response(
    error: ApiError, public_url: str, request_id: str, *, test_mode: bool = False
) -> JSONResponse:
    headers = {"X-Request-Id": request_id, **error.headers}
    return JSONResponse(
        error.body(public_url, request_id),
        status_code=error.status(test_mode=test_mode),
        headers=headers,
    )
