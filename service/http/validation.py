"""Request and response validation compiled per operation from openapi.yaml at start-up.

openapi.yaml stays the single source; we only pre-resolve each operation's parameters and
body schema once, so a request pays for a few small jsonschema checks instead of openapi-core's
per-call path finding and unmarshalling (see bench/ for the before and after). Each check asks
jsonschema-rs first where that is safe (service/http/fast_schema.py).
"""

from __future__ import annotations

import re
from typing import Any

from attrs import frozen
from jsonschema.exceptions import ValidationError

from service.domain.ids import looks_like
from service.domain.json_text import UnacceptableJson, parse_json
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.http.fast_schema import SchemaCheck
from service.http.spec import OpenApiDocument, ref_segments
from service.http.typo_hints import did_you_mean, known_field_hint

JSON_TYPES = ("application/json",)
ASCII_INTEGER = re.compile(r"-?[0-9]{1,18}")
# Path ids of the wrong shape name nothing that can exist: the answer is "not found".
PATH_IDS = {
    "actionId": ("act_", ErrorCode.ACTION_NOT_FOUND),
    "linkId": ("link_", ErrorCode.LINK_NOT_FOUND),
}
BODY_VALUES = 20_000
"""The most arrays, objects and array items a JSON body may hold, counted in its text before it
is parsed. The largest request (a mass message to a thousand fans, hundreds of lists, fifty
media) holds a few thousand; parsing a megabyte of `[1,1,...]` cost tens of milliseconds."""
# NUL and lone surrogates are valid JSON escapes but no database text column can hold them.
UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


def unstorable_text(value: Any, path: str) -> str | None:
    """The path of the first string (or key) that no database can store, if any."""
    if isinstance(value, str):
        return path if UNSTORABLE.search(value) else None
    if isinstance(value, dict):
        for key, item in value.items():
            where = f"{path}.{key}" if path else str(key)
            if UNSTORABLE.search(str(key)):
                return where
            found = unstorable_text(item, where)
            if found:
                return found
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found = unstorable_text(item, f"{path}[{index}]")
            if found:
                return found
    return None


def json_body(raw: bytes) -> Any:
    """The one parser for JSON bodies (REST and the hosted link page): malformed, non-finite,
    too deeply nested or too many-valued JSON is `400 invalid_parameter` with `param` `body`,
    never a 500."""
    try:
        return parse_json(raw, max_values=BODY_VALUES)
    except UnacceptableJson as refused:
        raise ApiError(ErrorCode.INVALID_PARAMETER, refused.reason, param="body") from None


def describe(error: ValidationError) -> str:
    """What is wrong, without repeating the value sent (which may be huge or a secret)."""
    rule, limit = error.validator, error.validator_value
    bounds = {
        "maxLength": ("at most", "character"),
        "minLength": ("at least", "character"),
        "maximum": ("at most", ""),
        "minimum": ("at least", ""),
        "maxItems": ("at most", "item"),
        "minItems": ("at least", "item"),
    }
    if rule in bounds:
        side, unit = bounds[rule]
        units = "" if not unit else f" {unit}" if limit == 1 else f" {unit}s"
        return f"must be {side} {limit}{units}"
    if rule == "enum":
        return (
            "must be one of "
            + ", ".join(str(v) for v in limit)
            + did_you_mean(error.instance, limit)
        )
    if rule == "type":
        return "must be of type " + (limit if isinstance(limit, str) else " or ".join(limit))
    if rule == "pattern":
        return "does not have the expected format"
    if rule == "format":
        example = FORMAT_EXAMPLES.get(limit)
        return f"must be a {limit} like {example}" if example else f"must be a valid {limit}"
    return "is not valid"


FORMAT_EXAMPLES = {"date": "2026-11-27", "date-time": "2026-11-27T20:00:00Z"}
"""What a value of a format looks like: a caller who sent another shape sees the one we take."""


def _unstorable(param: str) -> ApiError:
    return ApiError(
        ErrorCode.INVALID_PARAMETER,
        f"`{param}` contains a NUL or unpaired surrogate character.",
        param=param,
    )


@frozen
class Parameter:
    name: str
    location: str
    required: bool
    kind: str
    check: SchemaCheck
    default: Any


@frozen
class ParsedRequest:
    query: dict[str, Any]
    path: dict[str, Any]
    headers: dict[str, Any]
    body: Any


def _kind(schema: dict[str, Any]) -> str:
    kind = schema.get("type", "string")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), "string")
    return str(kind)


def _param_path(error: ValidationError, prefix: str = "") -> str:
    parts = [prefix] if prefix else []
    for item in error.absolute_path:
        if isinstance(item, int):
            parts[-1:] = [f"{parts[-1] if parts else ''}[{item}]"]
        else:
            parts.append(str(item))
    if error.validator == "required":
        missing = [name for name in error.validator_value if name not in (error.instance or {})]
        parts.extend(missing[:1])
    elif error.validator in ("additionalProperties", "unevaluatedProperties"):
        allowed = set((error.schema or {}).get("properties", {}))
        extra = sorted(k for k in (error.instance or {}) if k not in allowed)
        parts.extend(extra[:1])
    return ".".join(parts) or "body"


def _message(error: ValidationError, param: str) -> str:
    if error.validator == "required":
        return f"`{param}` is required."
    if error.validator in ("additionalProperties", "unevaluatedProperties"):
        known = (error.schema or {}).get("properties", {})
        return f"`{param}` is not a known field{known_field_hint(param, known)}."
    return f"`{param}` {describe(error)}."


def _single(param: Parameter, source: Any) -> str | None:
    """The one value of a single-valued parameter; sent twice it is ambiguous, so refused
    (frameworks disagree on whether the first or the last wins)."""
    if not source:  # none sent (most calls send no query)
        return None
    if hasattr(source, "getlist") and len(source.getlist(param.name)) > 1:
        raise ApiError(
            ErrorCode.INVALID_PARAMETER,
            f"`{param.name}` was given more than once.",
            param=param.name,
        )
    value = source.get(param.name)
    return None if value is None else str(value)


class OperationValidator:
    def __init__(self, doc: OpenApiDocument, operation_id: str, *, fast: bool = True) -> None:
        """`fast=False` leaves every check to jsonschema alone (the tests compare the two)."""
        path, method, operation = doc.operations[operation_id]
        self.operation_id = operation_id
        self.fast = fast
        self.parameters: list[Parameter] = []
        shared = doc.document["paths"][path].get("parameters", [])
        declared: list[tuple[tuple[str | int, ...], dict[str, Any]]] = [
            (("paths", path, "parameters", i), p) for i, p in enumerate(shared)
        ] + [
            (("paths", path, method, "parameters", i), p)
            for i, p in enumerate(operation.get("parameters", []))
        ]
        for where, raw in declared:
            if "$ref" in raw:
                where = ref_segments(raw["$ref"])
            param = doc.resolve(raw)
            schema = doc.resolve(param.get("schema", {}))
            self.parameters.append(
                Parameter(
                    name=param["name"],
                    location=param["in"],
                    required=param.get("required", False),
                    kind=_kind(schema),
                    check=SchemaCheck(doc.validator(*where, "schema"), fast=fast),
                    default=schema.get("default"),
                )
            )
        self.body_required = False
        self.takes_body = False
        self.body_checks: dict[str, SchemaCheck] = {}
        self.discriminator: str | None = None
        body = doc.resolve(operation.get("requestBody"))
        if body:
            self.takes_body = True
            self.body_required = body.get("required", False)
            self._compile_body(
                doc,
                doc.resolve(body["content"]["application/json"]["schema"]),
                body["content"]["application/json"]["schema"],
                ("paths", path, method, "requestBody", "content", "application/json", "schema"),
            )
        self.responses: dict[str, Any] = {}
        for status, response in operation.get("responses", {}).items():
            resolved = doc.resolve(response)
            content = resolved.get("content", {}).get("application/json")
            if content and "schema" in content:
                self.responses[status] = doc.validator_for(
                    content["schema"],
                    "paths",
                    path,
                    method,
                    "responses",
                    status,
                    "content",
                    "application/json",
                    "schema",
                )

    def _compile_body(
        self,
        doc: OpenApiDocument,
        schema: dict[str, Any],
        raw: dict[str, Any],
        where: tuple[str, ...],
    ) -> None:
        discriminator = schema.get("discriminator")
        if discriminator and "oneOf" in schema:
            self.discriminator = discriminator["propertyName"]
            mapping = discriminator.get("mapping") or {}
            if not mapping:
                for option in schema["oneOf"]:
                    target = doc.resolve(option)
                    value = target["properties"][self.discriminator]["const"]
                    mapping[value] = option["$ref"]
            self.body_checks = {
                value: SchemaCheck(doc.validator(*ref_segments(ref)), fast=self.fast)
                for value, ref in mapping.items()
            }
        else:
            self.body_checks = {"": SchemaCheck(doc.validator_for(raw, *where), fast=self.fast)}

    def parse(
        self, query: Any, path: dict[str, str], headers: Any, body: bytes, content_type: str | None
    ) -> ParsedRequest:
        values: dict[str, dict[str, Any]] = {"query": {}, "path": {}, "header": {}, "cookie": {}}
        sources = {"query": query, "path": path, "header": headers}
        for param in self.parameters:
            raw = _single(param, sources.get(param.location))
            if raw is None or (raw == "" and param.location == "header"):
                if param.required:
                    self._missing(param)
                if param.default is not None:
                    values[param.location][param.name] = param.default
                continue
            if param.location == "path" and param.name in PATH_IDS:
                prefix, not_found = PATH_IDS[param.name]
                if not looks_like(raw, prefix):
                    raise ApiError(not_found, param=param.name)
            value = self._coerce(param, raw)
            if isinstance(value, str) and UNSTORABLE.search(value):
                raise _unstorable(param.name)
            error = param.check.error(value)
            if error is not None and param.name == "cursor" and param.location == "query":
                # Not of the signed form: not a cursor any list returned.
                raise ApiError(ErrorCode.INVALID_CURSOR, param="cursor")
            if error is not None:
                raise ApiError(
                    ErrorCode.INVALID_PARAMETER,
                    f"`{param.name}` {describe(error)}.",
                    param=param.name,
                )
            values[param.location][param.name] = value
        return ParsedRequest(
            query=values["query"],
            path=values["path"],
            headers=values["header"],
            body=self._body(body, content_type),
        )

    def _missing(self, param: Parameter) -> None:
        if param.name.lower() == "idempotency-key":
            raise ApiError(ErrorCode.IDEMPOTENCY_KEY_REQUIRED, param="Idempotency-Key")
        raise ApiError(
            ErrorCode.INVALID_PARAMETER, f"`{param.name}` is required.", param=param.name
        )

    @staticmethod
    def _coerce(param: Parameter, raw: str) -> Any:
        if param.kind == "integer":
            # int() also takes "+5", " 5", "5_0" and other scripts' digits ("٣"): not ours.
            if not ASCII_INTEGER.fullmatch(raw):
                raise ApiError(
                    ErrorCode.INVALID_PARAMETER,
                    f"`{param.name}` must be a whole number of at most 18 ASCII digits.",
                    param=param.name,
                )
            return int(raw)
        if param.kind == "boolean":
            if raw in ("true", "false"):
                return raw == "true"
            raise ApiError(
                ErrorCode.INVALID_PARAMETER,
                f"`{param.name}` must be true or false.",
                param=param.name,
            )
        return raw

    def _body(self, body: bytes, content_type: str | None) -> Any:
        if not self.body_checks:  # the operation takes no body
            return None
        if not body:  # whitespace alone is not JSON: it is refused below, never read as absent
            if self.body_required:
                raise ApiError(
                    ErrorCode.INVALID_PARAMETER, "A JSON body is required.", param="body"
                )
            return None
        media_type = (content_type or "").split(";")[0].strip().lower()
        if media_type not in JSON_TYPES:
            raise ApiError(
                ErrorCode.INVALID_PARAMETER,
                "Send the body as JSON with `Content-Type: application/json`.",
                param="Content-Type",
            )
        value = json_body(body)
        error = self._pick_check(value).error(value)
        if error is not None:
            param = _param_path(error)
            raise ApiError(ErrorCode.INVALID_PARAMETER, _message(error, param), param=param)
        bad = unstorable_text(value, "")
        if bad is not None:
            raise _unstorable(bad)
        return value

    def _pick_check(self, value: Any) -> SchemaCheck:
        if self.discriminator is None:
            return self.body_checks[""]
        if not isinstance(value, dict):
            raise ApiError(
                ErrorCode.INVALID_PARAMETER, "The body must be a JSON object.", param="body"
            )
        choice = value.get(self.discriminator)
        if choice is None:
            raise ApiError(
                ErrorCode.INVALID_PARAMETER,
                f"`{self.discriminator}` is required.",
                param=self.discriminator,
            )
        if not isinstance(choice, str) or choice not in self.body_checks:
            allowed = ", ".join(sorted(self.body_checks))
            guess = did_you_mean(choice, self.body_checks)
            raise ApiError(
                ErrorCode.INVALID_PARAMETER,
                f"`{self.discriminator}` must be one of {allowed}{guess}.",
                param=self.discriminator,
            )
        return self.body_checks[choice]

    def response_errors(self, status: int, body: Any) -> list[str]:
        validator = self.responses.get(str(status)) or self.responses.get(f"{str(status)[0]}XX")
        if validator is None:
            return [f"status {status} is not documented for {self.operation_id}"]
        return [
            f"{'/'.join(map(str, e.absolute_path))}: {e.message}"
            for e in validator.iter_errors(body)
        ]
