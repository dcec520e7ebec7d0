"""The "before" request validator: openapi-core 0.23.1 per request (`BENCH_VALIDATOR=openapi-core`
for bench/service_app.py).

A benchmark's baseline, so it lives in bench/, not in the product: bench/api_throughput.py
measures what the compiled validators (service/http/validation.py) save, with the same
`parse`/`response_errors` interface and the same error envelope.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from openapi_core import OpenAPI
from openapi_core.templating.paths.exceptions import PathError
from openapi_core.testing import MockRequest
from openapi_core.validation.request.exceptions import (
    InvalidRequestBody,
    MissingRequestBodyError,
    ParameterValidationError,
    RequestBodyValidationError,
    SecurityValidationError,
)

from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.http.spec import OpenApiDocument
from service.http.validation import (
    UNSTORABLE,
    OperationValidator,
    ParsedRequest,
    _message,
    _param_path,
    unstorable_text,
)

HOST = "http://countersign.internal"


def shared_openapi(doc: OpenApiDocument) -> OpenAPI:
    return OpenAPI.from_dict(doc.document)


class OpenApiCoreValidator:
    def __init__(self, doc: OpenApiDocument, operation_id: str, openapi: OpenAPI) -> None:
        self.path, self.method, _ = doc.operations[operation_id]
        self.openapi = openapi
        # Responses are checked the same way in both modes; only request parsing differs.
        self.compiled = OperationValidator(doc, operation_id)
        self.takes_body = self.compiled.takes_body

    def parse(
        self, query: Any, path: dict[str, str], headers: Any, body: bytes, content_type: str | None
    ) -> ParsedRequest:
        url = self.path.format(**{k: quote(str(v), safe="") for k, v in path.items()})
        request = MockRequest(
            HOST,
            self.method,
            url,
            path_pattern=self.path,
            args=dict(query),
            view_args=dict(path),
            headers=dict(headers),
            data=body,
            content_type=content_type or "",
        )
        result = self.openapi.unmarshal_request(request)
        if result.errors:
            raise _api_error(next(iter(result.errors)))
        params = result.parameters
        for location in (params.query, params.path, params.header):
            for name, value in location.items():
                if isinstance(value, str) and UNSTORABLE.search(value):
                    raise ApiError(
                        ErrorCode.INVALID_PARAMETER, f"`{name}` is not valid.", param=name
                    )
        bad = unstorable_text(result.body, "")
        if bad is not None:
            raise ApiError(ErrorCode.INVALID_PARAMETER, f"`{bad}` is not valid.", param=bad)
        return ParsedRequest(
            query=dict(params.query),
            path=dict(params.path),
            headers=dict(params.header),
            body=result.body,
        )

    def response_errors(self, status: int, body: Any) -> list[str]:
        return self.compiled.response_errors(status, body)


def _api_error(error: Exception) -> ApiError:
    """openapi-core's exceptions to our envelope; never str() a deserialisation error."""
    if isinstance(error, ParameterValidationError):
        if error.name.lower() == "idempotency-key" and "Missing" in type(error).__name__:
            return ApiError(ErrorCode.IDEMPOTENCY_KEY_REQUIRED, param="Idempotency-Key")
        return ApiError(
            ErrorCode.INVALID_PARAMETER,
            f"`{error.name}` is missing or not valid.",
            param=error.name,
        )
    if isinstance(error, MissingRequestBodyError):
        return ApiError(ErrorCode.INVALID_PARAMETER, "A JSON body is required.", param="body")
    if isinstance(error, InvalidRequestBody):
        schema_errors = getattr(error.__cause__, "schema_errors", None) or []
        if schema_errors:
            first = schema_errors[0]
            param = _param_path(first)
            return ApiError(ErrorCode.INVALID_PARAMETER, _message(first, param), param=param)
        return ApiError(ErrorCode.INVALID_PARAMETER, "The body is not valid.", param="body")
    if isinstance(error, RequestBodyValidationError):
        return ApiError(ErrorCode.INVALID_PARAMETER, "The body is not valid JSON.", param="body")
    if isinstance(error, SecurityValidationError):
        return ApiError(ErrorCode.MISSING_API_KEY)
    if isinstance(error, PathError):
        return ApiError(ErrorCode.ROUTE_NOT_FOUND)
    return ApiError(ErrorCode.INVALID_PARAMETER, "The request is not valid.", param="body")


def compile_openapi_core(doc: OpenApiDocument) -> dict[str, OpenApiCoreValidator]:
    openapi = shared_openapi(doc)
    return {op: OpenApiCoreValidator(doc, op, openapi) for op in doc.operations}
