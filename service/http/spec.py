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


def _has_ref(node: Any) -> bool:
    if isinstance(node, dict):
        return "$ref" in node or any(_has_ref(v) for v in node.values())
    if isinstance(node, list):
        return any(_has_ref(v) for v in node)
    return False


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
        """A validator for the schema at a JSON pointer, resolving `$ref`s against the document.

        A self-contained schema (no `$ref` inside once resolved, like most parameters) is
        compiled as the root, so validating it skips the reference lookup on every request."""
        node = self.document
        for segment in segments:
            node = node[str(segment)] if isinstance(node, dict) else node[int(segment)]
        resolved = self.resolve(node)
        schema = resolved if not _has_ref(resolved) else {"$ref": self.pointer(*segments)}
        return OAS31Validator(
            schema, registry=self.registry, format_checker=OAS31Validator.FORMAT_CHECKER
        )

    def validator_for(self, node: dict[str, Any], *where: str | int) -> OAS31Validator:
        """A validator for `node`, found at `where`: a `$ref` node validates its target."""
        if "$ref" in node:
            return self.validator(*ref_segments(node["$ref"]))
        return self.validator(*where)

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
