"""What a catalogued platform route is: its method, path template and fields, and how a field
checks a value (the table of routes is service/platform/routes.py)."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from typing import Any
from urllib.parse import quote, unquote

from attrs import frozen

from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode

PARAM = re.compile(r":([A-Za-z_]\w*)")
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_INTEGER = re.compile(r"-?[0-9]{1,18}")
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
"""C0 and C1 controls, the line and paragraph separators and the bidirectional formatting
characters: none is in an id, and each would reach a path, a log line or a mail subject."""
DOT_SEGMENTS = frozenset({".", ".."})
MAX_ID = 64
MAX_TEXT = 100


@frozen
class Field:
    """One request field. `type` is one of: id (a platform id, 1 to 64 characters), integer,
    date (YYYY-MM-DD), string, html, number, ids (an array of ids), objects, boolean."""

    name: str
    where: str  # "path", "query" or "body"
    type: str
    description: str = ""
    values: tuple[str, ...] = ()
    """The values the platform accepts; any other is refused (empty: any value of the type)."""
    minimum: int | None = None
    maximum: int | None = None
    required: bool = False

    def describe(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "in": self.where, "type": self.type}
        if self.description:
            out["description"] = self.description
        if self.values:
            out["values"] = list(self.values)
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        out["required"] = self.required or self.where == "path"
        return out


@frozen
class PlatformRoute:
    """One catalogued route: method, path template, `:params`, and what the table says of it."""

    name: str
    method: str
    template: str
    params: tuple[str, ...]
    area: str = ""
    summary: str = ""
    fields: tuple[Field, ...] = ()
    segments: tuple[str, ...] = ()
    """The template split on `/` (`("users", ":id")`), kept for matching paths."""

    @property
    def is_write(self) -> bool:
        return self.method != "GET"

    def fields_in(self, where: str) -> tuple[Field, ...]:
        return tuple(f for f in self.fields if f.where == where)

    def path(self, path_params: Mapping[str, Any] | None) -> str:
        """The concrete path; every `:param` must be given, and nothing else."""
        given = {k: str(v) for k, v in (path_params or {}).items()}
        if set(given) != set(self.params):
            raise ValueError(
                f"{self.name} takes path params {sorted(self.params)}, got {sorted(given)}"
            )
        for value in given.values():
            if not value:
                raise ValueError(f"{self.name}: path params must not be empty")
        return PARAM.sub(lambda m: quote(given[m.group(1)], safe=""), self.template)

    def match(self, segments: tuple[str, ...]) -> dict[str, str] | None:
        """The `:params` when `segments` (a path split on `/`) fit the template, else None."""
        mine = self.segments
        if len(mine) != len(segments):
            return None
        found: dict[str, str] = {}
        for pattern, value in zip(mine, segments, strict=True):
            if pattern.startswith(":"):
                if not value:
                    return None
                found[pattern[1:]] = value
            elif pattern != value:
                return None
        return found

    def check_path(self, path_params: Mapping[str, Any], prefix: str = "") -> dict[str, str]:
        """Path params as the platform takes them: 1 to 64 characters, no `/` or controls, and
        never a dot segment (`.`, `..`, or either percent-encoded): a platform or proxy that
        normalises paths would read them as "this folder" or "the one above", and serve a
        route the catalogue never allowed."""
        out = {}
        for name in self.params:
            value = path_params.get(name)
            where = f"{prefix}{name}"
            if value is None or value == "":
                raise ApiError(ErrorCode.INVALID_PARAMETER, f"`{where}` is required.", param=where)
            text = str(value)
            if (
                len(text) > MAX_ID
                or "/" in text
                or _CONTROL.search(text)
                or unquote(text) in DOT_SEGMENTS
            ):
                raise ApiError(
                    ErrorCode.INVALID_PARAMETER,
                    f"`{where}` must be a platform id: 1 to {MAX_ID} characters, without `/` "
                    "or control or bidirectional formatting characters, and not `.` or `..`.",
                    param=where,
                )
            out[name] = text
        return out

    def check_query(self, query: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
        """The route's known query fields, typed and checked; anything else is left out
        (unknown query parameters are ignored). A bad value is `invalid_parameter`."""
        out: dict[str, Any] = {}
        for field in self.fields_in("query"):
            raw = query.get(field.name)
            if raw is None or raw == "":
                if field.required:
                    where = prefix + field.name
                    raise ApiError(
                        ErrorCode.INVALID_PARAMETER, f"`{where}` is required.", param=where
                    )
                continue
            out[field.name] = _checked(field, raw, prefix + field.name)
        start, end = out.get("startDate"), out.get("endDate")
        if start is not None and end is not None and start > end:
            where = prefix + "startDate"
            raise ApiError(
                ErrorCode.INVALID_PARAMETER, "`startDate` must not be after `endDate`.", param=where
            )
        return out

    def describe(self) -> dict[str, Any]:
        """The route as MCP's describe_endpoint and search_api show it."""
        return {
            "route": self.name,
            "method": self.method,
            "path": self.template,
            "area": self.area,
            "summary": self.summary,
            "access": "write" if self.is_write else "read",
            "fields": [f.describe() for f in self.fields],
        }


def _checked(field: Field, raw: Any, where: str) -> Any:
    def bad(why: str) -> ApiError:
        return ApiError(ErrorCode.INVALID_PARAMETER, f"`{where}` {why}.", param=where)

    if field.type == "integer":
        if isinstance(raw, bool) or not isinstance(raw, (int, str)):
            raise bad("must be a whole number")
        if isinstance(raw, str) and not _INTEGER.fullmatch(raw):
            raise bad("must be a whole number")
        value = int(raw)
        if field.minimum is not None and value < field.minimum:
            raise bad(f"must be at least {field.minimum}")
        if field.maximum is not None and value > field.maximum:
            raise bad(f"must be at most {field.maximum}")
        return value
    if not isinstance(raw, str):
        raise bad("must be a string")
    if field.type == "date":
        try:
            if not _DATE.fullmatch(raw):
                raise ValueError
            dt.date.fromisoformat(raw)
        except ValueError:
            raise bad("must be a date such as 2026-01-31") from None
        return raw
    if field.values and raw not in field.values:
        raise bad("must be one of " + ", ".join(field.values))
    limit = MAX_ID if field.type == "id" else MAX_TEXT
    if len(raw) > limit:
        raise bad(f"must be 1 to {limit} characters")
    return raw
