"""openapi.yaml's examples: every operation shows one for its request body and its success
responses (the API reference at /docs and generated clients display them), every schema has
one, and every example in the document is valid against the schema it illustrates."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from openapi_schema_validator import OAS31Validator

from service.http.spec import HTTP_METHODS, OpenApiDocument, ref_segments

DOCUMENT = OpenApiDocument()


def _resolve(node: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in node:
        target: Any = DOCUMENT.document
        for segment in ref_segments(node["$ref"]):
            target = target[segment]
        node = target
    return node


def _has_example(media: dict[str, Any]) -> bool:
    if "example" in media or media.get("examples"):
        return True
    return bool(_resolve(media.get("schema", {})).get("examples"))


def _operations() -> Iterator[tuple[str, dict[str, Any]]]:
    for item in DOCUMENT.document["paths"].values():
        for method, operation in item.items():
            if method in HTTP_METHODS:
                yield operation["operationId"], operation


@pytest.mark.parametrize("operation_id", [name for name, _ in _operations()])
def test_every_operation_has_request_and_response_examples(operation_id):
    operation = dict(_operations())[operation_id]
    missing = []
    body = operation.get("requestBody")
    if body is not None:
        for media_type, media in _resolve(body)["content"].items():
            if not _has_example(media):
                missing.append(f"requestBody {media_type}")
    successes = [code for code in operation["responses"] if code.startswith("2")]
    assert successes
    for code in successes:
        for media_type, media in _resolve(operation["responses"][code]).get("content", {}).items():
            if not _has_example(media):
                missing.append(f"response {code} {media_type}")
    assert missing == []


def _examples(node: Any, path: tuple[str | int, ...]) -> Iterator[tuple[tuple, str, Any]]:
    """(where, what, example) for every example: a schema's `examples` list, a media type's
    or parameter's `examples` map and `example`."""
    if isinstance(node, dict):
        examples = node.get("examples")
        if isinstance(examples, list):
            for value in examples:
                yield path, "schema", value
        elif isinstance(examples, dict) and "schema" in node:
            for value in examples.values():
                if "value" in _resolve(value):
                    yield path, "media", _resolve(value)["value"]
        if "example" in node and "schema" in node:
            yield path, "media", node["example"]
        for key, value in node.items():
            if key not in ("examples", "example"):
                yield from _examples(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _examples(value, (*path, index))


def test_every_example_is_valid_against_its_schema():
    seen = 0
    for path, kind, example in _examples(DOCUMENT.document, ()):
        where = path if kind == "schema" else (*path, "schema")
        # By reference into the whole document, so `$ref`s and discriminator mappings resolve.
        validator = OAS31Validator(
            {"$ref": DOCUMENT.pointer(*where)},
            registry=DOCUMENT.registry,
            format_checker=OAS31Validator.FORMAT_CHECKER,
        )
        errors = [e.message for e in validator.iter_errors(example)]
        assert errors == [], f"{'/'.join(map(str, path))}: {errors}"
        seen += 1
    assert seen > 20


def test_every_schema_has_an_example():
    schemas = DOCUMENT.document["components"]["schemas"]
    missing = [name for name, s in schemas.items() if not ("examples" in s or "example" in s)]
    assert missing == [], f"add `examples: [...]` to these schemas in openapi.yaml: {missing}"
