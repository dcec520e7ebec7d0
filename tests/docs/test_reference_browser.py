"""The API reference at /docs in Chromium: every operation of openapi.yaml is shown, with its
examples, and no request leaves 127.0.0.1 (the viewer's files ship in a package: no CDN)."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from playwright.sync_api import sync_playwright

from harness.local_servers import chromium
from harness.threaded import serve_in_thread
from service.app import create_app
from service.http.spec import HTTP_METHODS, OpenApiDocument
from service.settings import Settings
from tests.dashboard.conftest import CHROMIUM_ARGS

pytestmark = pytest.mark.browser


def operations() -> list[tuple[str, str, str]]:
    paths = OpenApiDocument().document["paths"]
    return [
        (method.upper(), path, op["operationId"])
        for path, item in paths.items()
        for method, op in item.items()
        if method in HTTP_METHODS
    ]


@pytest.fixture
def base_url(tmp_path):
    settings = Settings(
        database_url=f"sqlite:///{tmp_path}/docs.db",
        secret_key="docs-test-secret",
        public_url="http://127.0.0.1:0",
        run_workers=False,
        development=True,
    )
    with serve_in_thread(create_app(settings), name="docs-service", lifespan="on") as base:
        yield base


def test_reference_renders_every_operation_offline(base_url):
    requested: list[str] = []
    console_errors: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.on("request", lambda request: requested.append(request.url))
            page.on(
                "console",
                lambda m: console_errors.append(m.text) if m.type == "error" else None,
            )
            page.goto(f"{base_url}/docs")
            expected = operations()
            blocks = page.locator(".opblock")
            blocks.nth(len(expected) - 1).wait_for()
            assert blocks.count() == len(expected)
            for method, path, operation_id in expected:
                block = page.locator(f"#operations-{_tag(page, operation_id)}-{operation_id}")
                assert block.count() == 1, operation_id
                assert block.locator(".opblock-summary-method").inner_text() == method
                assert (
                    block.locator(".opblock-summary-path").inner_text().replace("\u200b", "")
                    == path
                )

            # One operation opened: its request example and response example are shown.
            create = page.locator("#operations-Actions-createAction")
            create.locator(".opblock-summary").click()
            create.locator(".body-param__example, .example").first.wait_for()
            assert "send_message" in create.inner_text()
            assert "approvalUrl" in create.inner_text()

            page.locator("#errors-link").click()
            page.wait_for_url(f"{base_url}/docs/errors")
            page.locator("#reference-link").click()
            page.wait_for_url(f"{base_url}/docs")
        finally:
            browser.close()

    assert requested, "the browser made no request at all"
    outside = [
        u for u in requested if urlsplit(u).hostname != "127.0.0.1" and not u.startswith("data:")
    ]
    assert outside == []
    assert console_errors == []


def _tag(page, operation_id: str) -> str:
    """Swagger UI ids an operation block by its first tag and its operationId."""
    document = OpenApiDocument().document
    for item in document["paths"].values():
        for method, op in item.items():
            if method in HTTP_METHODS and op["operationId"] == operation_id:
                return op.get("tags", ["default"])[0].replace(" ", "_")
    raise AssertionError(operation_id)
