"""openapi.yaml describes the platform route from the catalogue table, and stays equal to it.

The `path` parameter's description lists every catalogued GET route (one line each, rendered by
`route_line`), and the operation's query parameters are the union of the table's query fields
with the same types, bounds and values. `python -m tests.test_platform_catalogue_openapi`
prints the lines to paste after a change to the table.
"""

from __future__ import annotations

from typing import Any

from service.http.spec import load_document
from service.platform.route_model import Field, PlatformRoute
from service.platform.routes import READS

OPERATION = "getPlatformRoute"


def route_line(route: PlatformRoute) -> str:
    query = route.fields_in("query")
    named = ", ".join(
        f"`{f.name}`" + (f" ({'/'.join(f.values)})" if f.values else "") for f in query
    )
    return f"- `{route.name}`: {route.summary}" + (f" Query: {named}." if named else "")


def schema_of(fields: list[Field]) -> dict[str, Any]:
    kinds = {f.type for f in fields}
    assert len(kinds) == 1, f"{fields[0].name} has several types in the table: {kinds}"
    kind = kinds.pop()
    if kind == "integer":
        (low,), (high,) = {f.minimum for f in fields}, {f.maximum for f in fields}
        return {"type": "integer", "minimum": low, "maximum": high}
    if kind == "date":
        return {
            "type": "string",
            "format": "date",
            "maxLength": 40,
        }  # every date: 40, as documented
    values = sorted({v for f in fields for v in f.values})
    if values and all(f.values for f in fields):
        return {"type": "string", "enum": values}
    return {"type": "string", "minLength": 1, "maxLength": 64 if kind == "id" else 100}


def table_query() -> dict[str, dict[str, Any]]:
    by_name: dict[str, list[Field]] = {}
    for route in READS:
        for field in route.fields_in("query"):
            by_name.setdefault(field.name, []).append(field)
    return {name: schema_of(fields) for name, fields in by_name.items()}


def operation() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    document = load_document()
    path, _, op = document.operations[OPERATION]
    shared = document.document["paths"][path].get("parameters", [])
    return op, [document.resolve(p) for p in [*shared, *op.get("parameters", [])]]


def test_path_description_lists_exactly_the_catalogued_reads():
    _, parameters = operation()
    (path,) = [p for p in parameters if p["name"] == "path"]
    listed = [line for line in path["description"].splitlines() if line.startswith("- `")]
    assert listed == [route_line(r) for r in READS]


def test_query_parameters_are_the_tables_query_fields():
    _, parameters = operation()
    documented = {
        p["name"]: {k: v for k, v in p["schema"].items() if k != "description"}
        for p in parameters
        if p["in"] == "query"
    }
    assert documented == table_query()


if __name__ == "__main__":  # pragma: no cover - a helper for editing openapi.yaml
    for route in READS:
        print(route_line(route))
    print(table_query())
