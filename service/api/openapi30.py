"""openapi.yaml as the API reference's viewer reads it: OpenAPI 3.0.
Channel machinery (the whole document rewritten for the /docs viewer, no feature's), so it
stays here.

The reference at /docs is Swagger UI from the swagger-ui-bundle package (assets shipped in the
wheel, so it works offline). That package ships Swagger UI 4, which renders OpenAPI 3.0.x only
and refuses a 3.1 document. So the viewer is handed a rendering of openapi.yaml with the few 3.1
forms it uses written the 3.0 way; openapi.yaml stays the contract and /openapi.yaml serves it
unchanged. What changes, only inside schemas: `type: [T, "null"]` becomes `type: T, nullable:
true`; `const: v` becomes `enum: [v]`; a schema's `examples: [a, ...]` becomes `example: a`;
numeric `exclusiveMinimum`/`exclusiveMaximum` become the 3.0 boolean forms. The `webhooks`
section has no 3.0 form: the document's description points to it instead.
"""

from __future__ import annotations

import copy
from typing import Any

# Keys whose value is one schema, a list of schemas, or a map of name -> schema.
_ONE = ("items", "not", "additionalProperties")
_MANY = ("allOf", "anyOf", "oneOf")
_MAP = ("properties",)
# What a 3.0 Schema Object may hold; other 2020-12 keywords (if/then/else, dependentRequired,
# ...) only sharpen validation and have no 3.0 form, so the viewer does without them.
_KEYWORDS_30 = frozenset(
    {
        "$ref",
        "title",
        "description",
        "type",
        "format",
        "nullable",
        "enum",
        "default",
        "example",
        "deprecated",
        "readOnly",
        "writeOnly",
        "discriminator",
        "externalDocs",
        "xml",
        "multipleOf",
        "maximum",
        "exclusiveMaximum",
        "minimum",
        "exclusiveMinimum",
        "maxLength",
        "minLength",
        "pattern",
        "maxItems",
        "minItems",
        "uniqueItems",
        "maxProperties",
        "minProperties",
        "required",
        *_ONE,
        *_MANY,
        *_MAP,
    }
)


def schema_30(schema: Any) -> Any:
    """One JSON Schema 2020-12 node (and everything under it) in OpenAPI 3.0's dialect."""
    if not isinstance(schema, dict):
        return schema
    out = {k: v for k, v in schema.items() if k in _KEYWORDS_30 or k.startswith("x-")}
    kind = out.get("type")
    if kind == "null":
        del out["type"]
        out["nullable"] = True
    elif isinstance(kind, list):
        others = [t for t in kind if t != "null"]
        if len(others) == 1:
            out["type"] = others[0]
        else:
            del out["type"]  # several types: 3.0 has no way to say it; any type is shown
        if "null" in kind:
            out["nullable"] = True
    if "const" in schema:
        out["enum"] = [schema["const"]]
    examples = schema.get("examples")
    if isinstance(examples, list) and examples and "example" not in out:
        out["example"] = examples[0]
    for bound, plain in (("exclusiveMinimum", "minimum"), ("exclusiveMaximum", "maximum")):
        value = out.get(bound)
        if isinstance(value, int | float) and not isinstance(value, bool):
            out[plain] = value
            out[bound] = True
    for key in _ONE:
        if isinstance(out.get(key), dict):
            out[key] = schema_30(out[key])
    for key in _MANY:
        if isinstance(out.get(key), list):
            out[key] = [schema_30(s) for s in out[key]]
    for key in _MAP:
        if isinstance(out.get(key), dict):
            out[key] = {name: schema_30(s) for name, s in out[key].items()}
    return out


def _media(content: dict[str, Any]) -> None:
    for media in content.values():
        if isinstance(media, dict) and "schema" in media:
            media["schema"] = schema_30(media["schema"])


def _parameters(parameters: list[Any]) -> None:
    for parameter in parameters:
        if isinstance(parameter, dict):
            if "schema" in parameter:
                parameter["schema"] = schema_30(parameter["schema"])
            _media(parameter.get("content", {}))


def _responses(responses: dict[str, Any]) -> None:
    for response in responses.values():
        if isinstance(response, dict):
            _media(response.get("content", {}))
            for header in response.get("headers", {}).values():
                if isinstance(header, dict) and "schema" in header:
                    header["schema"] = schema_30(header["schema"])


def _operation(operation: dict[str, Any]) -> None:
    _parameters(operation.get("parameters", []))
    body = operation.get("requestBody")
    if isinstance(body, dict):
        _media(body.get("content", {}))
    _responses(operation.get("responses", {}))


def document_30(document: dict[str, Any], server_url: str) -> dict[str, Any]:
    """The whole document for Swagger UI 4; "Try it out" calls `server_url`."""
    doc = copy.deepcopy(document)
    doc["openapi"] = "3.0.3"
    doc.pop("jsonSchemaDialect", None)
    info = doc.setdefault("info", {})
    info.pop("summary", None)
    if isinstance(info.get("license"), dict):
        info["license"].pop("identifier", None)
    if doc.pop("webhooks", None):
        info["description"] = (
            info.get("description", "")
            + "\n\nWebhook events (`webhooks` in openapi.yaml, served at /openapi.yaml) are not"
            " shown here: their payload schemas are the `*Event` schemas below.\n"
        )
    doc["servers"] = [{"url": server_url, "description": "This service."}]
    for item in doc.get("paths", {}).values():
        _parameters(item.get("parameters", []))
        for key, operation in item.items():
            if key != "parameters" and isinstance(operation, dict):
                _operation(operation)
    components = doc.get("components", {})
    components["schemas"] = {n: schema_30(s) for n, s in components.get("schemas", {}).items()}
    _parameters(list(components.get("parameters", {}).values()))
    _responses(components.get("responses", {}))
    for header in components.get("headers", {}).values():
        if isinstance(header, dict) and "schema" in header:
            header["schema"] = schema_30(header["schema"])
    for body in components.get("requestBodies", {}).values():
        if isinstance(body, dict):
            _media(body.get("content", {}))
    return doc
