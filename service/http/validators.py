"""The per-operation request validators, compiled once from openapi.yaml at start-up."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from types import MappingProxyType
from typing import Any, Protocol

from service.http.spec import OpenApiDocument
from service.http.validation import OperationValidator, ParsedRequest


class RequestValidator(Protocol):
    """What the endpoint pipeline needs of a validator (bench/openapi_core_validation.py
    implements it too, as the benchmark's baseline)."""

    takes_body: bool
    """Whether the operation has a request body (one sent to an operation without is not read)."""

    def parse(
        self, query: Any, path: dict[str, str], headers: Any, body: bytes, content_type: str | None
    ) -> ParsedRequest: ...

    def response_errors(self, status: int, body: Any) -> list[str]: ...


@cache
def compile_validators(document: OpenApiDocument) -> Mapping[str, RequestValidator]:
    """Once per document (`load_document` is cached too): compiling costs about a quarter of a
    second and the validators hold no state, so every app a process builds (each test builds
    its own) shares them."""
    return MappingProxyType({op: OperationValidator(document, op) for op in document.operations})
