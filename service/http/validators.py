"""The per-operation request validators, compiled once from openapi.yaml at start-up."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from service.http.spec import OpenApiDocument
from service.http.validation import OperationValidator, ParsedRequest


class RequestValidator(Protocol):
    """What the endpoint pipeline needs of a validator (compiled or openapi-core)."""

    takes_body: bool
    """Whether the operation has a request body (one sent to an operation without is not read)."""

    def parse(
        self, query: Any, path: dict[str, str], headers: Any, body: bytes, content_type: str | None
    ) -> ParsedRequest: ...

    def response_errors(self, status: int, body: Any) -> list[str]: ...


def compile_validators(
    document: OpenApiDocument, kind: str = "compiled"
) -> Mapping[str, RequestValidator]:
    """`openapi-core` is the per-request "before" path, kept for bench/ comparisons."""
    if kind == "openapi-core":
        from service.http.openapi_core_validation import compile_openapi_core

        return compile_openapi_core(document)
    return {op: OperationValidator(document, op) for op in document.operations}
