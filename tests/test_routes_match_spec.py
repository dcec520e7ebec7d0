"""The app's /v1 routes and openapi.yaml's paths are the same set, and the app serves the file.

A route added without documenting it (or documented and never built) fails here, so the
contract and the code cannot drift apart silently.
"""

from __future__ import annotations

import re
from pathlib import Path

import httpx
import yaml
from openapi_spec_validator import validate
from starlette.routing import Mount, Route

from service.app import create_app
from service.settings import Settings

SPEC_FILE = Path(__file__).resolve().parents[1] / "openapi.yaml"
HTTP_METHODS = {"get", "put", "post", "delete", "patch", "options", "trace"}


def app_operations(routes, prefix: str = "") -> set[tuple[str, str]]:
    """(path, method) of every Route, walking into Mounts; HEAD (added for GET) is left out."""
    found: set[tuple[str, str]] = set()
    for route in routes:
        if isinstance(route, Mount):
            found |= app_operations(route.routes, prefix + route.path)
        elif isinstance(route, Route):
            for method in route.methods or ():
                if method != "HEAD":
                    # `{path:path}` is Starlette's convertor; openapi.yaml says `{path}`.
                    path = re.sub(r"\{(\w+):\w+\}", r"{\1}", prefix + route.path)
                    found.add((path, method.lower()))
    return found


def spec_operations(document: dict) -> set[tuple[str, str]]:
    return {
        (path, method)
        for path, item in document["paths"].items()
        for method in item
        if method in HTTP_METHODS
    }


def v1(operations: set[tuple[str, str]]) -> set[tuple[str, str]]:
    return {(path, method) for path, method in operations if path.startswith("/v1/")}


def make_app(tmp_path):
    settings = Settings(
        database_url=f"sqlite:///{tmp_path}/routes.db", secret_key="s", run_workers=False
    )
    return create_app(settings)


def test_every_v1_route_is_documented_and_every_documented_path_is_served(tmp_path):
    routes = v1(app_operations(make_app(tmp_path).routes))
    documented = spec_operations(yaml.safe_load(SPEC_FILE.read_text()))
    assert routes, "no /v1 route found: the walk over app.routes is broken"
    assert sorted(routes - documented) == [], "routes missing from openapi.yaml"
    assert sorted(v1(documented) - routes) == [], "documented operations the app does not serve"
    assert documented == v1(documented), "openapi.yaml documents a path outside /v1"


def test_walk_finds_routes_inside_mounts():
    async def nothing(request):  # pragma: no cover - never called
        raise AssertionError

    routes = [
        Route("/v1/a", nothing, methods=["GET"]),
        Mount("/v1/m", routes=[Route("/b", nothing, methods=["POST"])]),
    ]
    assert app_operations(routes) == {("/v1/a", "get"), ("/v1/m/b", "post")}


async def test_app_serves_openapi_yaml_unchanged(tmp_path):
    transport = httpx.ASGITransport(app=make_app(tmp_path))
    async with httpx.AsyncClient(transport=transport, base_url="http://cs.test") as client:
        response = await client.get("/openapi.yaml")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("application/yaml")
    assert response.text == SPEC_FILE.read_text()


def test_document_validates_as_openapi():
    validate(yaml.safe_load(SPEC_FILE.read_text()))
