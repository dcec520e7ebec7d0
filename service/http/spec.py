"""openapi.yaml, loaded once: the document the app serves and the schemas it validates with."""

from __future__ import annotations

from functools import cache, cached_property
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Any

import yaml
from openapi_schema_validator import OAS31Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml: ~20x faster than pure Python
# Package data, so an installed wheel has it. In the checkout service/openapi.yaml is a symlink to
# the top-level openapi.yaml, the one source of truth; a wheel build copies the file it points at.
SPEC_PATH = files("service") / "openapi.yaml"
SPEC_URI = "urn:countersign:openapi"
HTTP_METHODS = ("get", "put", "post", "delete", "patch", "head", "options", "trace")


def ref_segments(ref: str) -> tuple[str, ...]:
    """`#/components/schemas/A~1B` -> ("components", "schemas", "A/B")."""
    if not ref.startswith("#/"):
        raise ValueError(f"only local references are used in openapi.yaml: {ref}")
    return tuple(p.replace("~1", "/").replace("~0", "~") for p in ref[2:].split("/"))


def _escape(segment: str) -> str:
    return segment.replace("~", "~0").replace("/", "~1")


class OpenApiDocument:
    def __init__(self, path: Traversable = SPEC_PATH) -> None:
        self.path = path
        self.text = path.read_text(encoding="utf-8")
        self.document: dict[str, Any] = yaml.load(self.text, Loader=_Loader)
        resource = Resource.from_contents(self.document, default_specification=DRAFT202012)
        self.registry = Registry().with_resource(SPEC_URI, resource)

    def pointer(self, *segments: str | int) -> str:
        return SPEC_URI + "#/" + "/".join(_escape(str(s)) for s in segments)

    def validator(self, *segments: str | int) -> OAS31Validator:
        """A validator for the schema at a JSON pointer, with every `$ref` inside copied in
        once (a recursive one stays a reference, resolved against the document): validating then
        never looks a reference up, which cost a request body a millisecond."""
        node = self.document
        for segment in segments:
            node = node[str(segment)] if isinstance(node, dict) else node[int(segment)]
        schema = self.inline(node)
        return OAS31Validator(
            schema, registry=self.registry, format_checker=OAS31Validator.FORMAT_CHECKER
        )

    def validator_for(self, node: dict[str, Any], *where: str | int) -> OAS31Validator:
        """A validator for `node`, found at `where`: a `$ref` node validates its target."""
        if "$ref" in node:
            return self.validator(*ref_segments(node["$ref"]))
        return self.validator(*where)

    def inline(self, node: Any, expanding: tuple[str, ...] = ()) -> Any:
        """`node` with each local `$ref` replaced by (a copy of) what it names; a `$ref` with
        sibling keywords becomes those keywords plus `allOf: [target]`."""
        if isinstance(node, list):
            return [self.inline(item, expanding) for item in node]
        if not isinstance(node, dict):
            return node
        if "$ref" not in node:
            return {key: self.inline(value, expanding) for key, value in node.items()}
        ref = node["$ref"]
        if ref in expanding:  # a schema that contains itself: leave this one to the registry
            return node
        target = self.inline(self.resolve({"$ref": ref}), (*expanding, ref))
        siblings = {k: self.inline(v, expanding) for k, v in node.items() if k != "$ref"}
        return {**siblings, "allOf": [target]} if siblings else target

    def resolve(self, node: Any) -> Any:
        """Follow local `$ref`s (one level at a time) to the node they name."""
        while isinstance(node, dict) and "$ref" in node:
            ref = node["$ref"]
            if not ref.startswith("#/"):
                raise ValueError(f"only local references are used in openapi.yaml: {ref}")
            node = self.document
            for part in ref[2:].split("/"):
                node = node[part.replace("~1", "/").replace("~0", "~")]
        return node

    @cached_property
    def operations(self) -> dict[str, tuple[str, str, dict[str, Any]]]:
        """operationId -> (path, method, operation object)."""
        found = {}
        for path, item in self.document.get("paths", {}).items():
            for method in HTTP_METHODS:
                if method in item:
                    operation = item[method]
                    found[operation["operationId"]] = (path, method, operation)
        return found


@cache
def load_document(path: Traversable = SPEC_PATH) -> OpenApiDocument:
    """Parsed once per process: every app built in it (tests build many) shares the document."""
    return OpenApiDocument(path)
