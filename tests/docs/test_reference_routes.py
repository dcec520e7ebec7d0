"""The API reference's routes over HTTP: the page, Swagger UI's packaged files, and the OpenAPI
3.0 rendering of openapi.yaml the viewer reads (a valid 3.0 document with every operation)."""

from __future__ import annotations

from openapi_spec_validator import validate
from openapi_spec_validator.validation import OpenAPIV30SpecValidator

from service.http.spec import HTTP_METHODS, OpenApiDocument
from tests.dashboard.dashboard_helpers import sign_in
from tests.factories import build_world


async def test_page_loads_only_files_of_this_service(client):
    page = await client.get("/docs")
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    policy = page.headers["content-security-policy"]
    assert "default-src 'self'" in policy and "script-src 'self'" in policy
    assert "https://" not in page.text and "http://" not in page.text
    for asset, kind in (
        ("swagger-ui-bundle.js", "text/javascript"),
        ("swagger-ui.css", "text/css"),
    ):
        assert f"/docs/assets/{asset}" in page.text
        served = await client.get(f"/docs/assets/{asset}")
        assert served.status_code == 200
        assert served.headers["content-type"].startswith(kind)
        assert len(served.content) > 100_000
    script = await client.get("/docs/reference.js")
    assert "/docs/openapi.json" in script.text and "validatorUrl: null" in script.text


async def test_other_files_of_the_package_are_not_served(client):
    # The package's demo index.html would fetch the Petstore document from the internet.
    for name in ("index.html", "swagger-initializer.js", "..%2F__init__.py"):
        response = await client.get(f"/docs/assets/{name}")
        assert response.status_code == 404
        assert response.json()["error"]["code"] == "route_not_found"


async def test_viewer_document_is_valid_openapi_30_with_every_operation(client):
    response = await client.get("/docs/openapi.json")
    assert response.status_code == 200
    viewer = response.json()
    validate(viewer, cls=OpenAPIV30SpecValidator)
    assert viewer["openapi"] == "3.0.3"
    assert viewer["servers"] == [{"url": "http://countersign.test", "description": "This service."}]
    source = OpenApiDocument().document
    assert {
        (path, method)
        for path, item in source["paths"].items()
        for method in item
        if method in HTTP_METHODS
    } == {
        (path, method)
        for path, item in viewer["paths"].items()
        for method in item
        if method in HTTP_METHODS
    }
    assert set(viewer["components"]["schemas"]) == set(source["components"]["schemas"])
    assert not _keywords_outside_examples(viewer) & {"const"}  # 3.0 has no const
    # A nullable field keeps its type and says it may be null.
    status_reason = viewer["components"]["schemas"]["Account"]["properties"]["statusReason"]
    assert status_reason["type"] == "string" and status_reason["nullable"] is True


async def test_errors_page_and_dashboard_link_to_the_reference(client, store, clock):
    errors = await client.get("/docs/errors")
    assert "href='/docs'" in errors.text
    await build_world(store, clock)
    await sign_in(client)
    keys = await client.get("/dashboard/keys")
    assert keys.status_code == 200
    assert '<a href="/docs" id="api-reference-link">' in keys.text


def _keywords_outside_examples(node: object) -> set[str]:
    """Every key of the document, except inside example values (an example may be data that
    looks like a schema: GET /v1/action-types answers JSON Schemas)."""
    if isinstance(node, list):
        return set().union(*(_keywords_outside_examples(item) for item in node))
    if not isinstance(node, dict):
        return set()
    keys = set(node)
    for key, value in node.items():
        if key not in {"example", "examples"}:
            keys |= _keywords_outside_examples(value)
    return keys
