"""What the service serves about itself: openapi.yaml, the API reference rendered from it at
/docs, and the errors page each docsUrl points at."""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response

from service.api.openapi30 import document_30
from service.errors.api_error import ApiError
from service.errors.codes import ERROR_CODES, ErrorCode

# Everything the reference loads comes from this service: no CDN, no fonts, no validator badge.
_REFERENCE_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
    "style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; "
    "frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
}

REFERENCE_PAGE = (
    "<!doctype html><html lang=en><meta charset=utf-8>"
    "<meta name=viewport content='width=device-width,initial-scale=1'>"
    "<title>Countersign API reference</title>"
    "<link rel=icon href='/dashboard/static/favicon.svg' type='image/svg+xml'>"
    "<link rel=stylesheet href='/docs/assets/swagger-ui.css'>"
    "<style>.cs-top{font:15px/1.5 system-ui;max-width:1460px;margin:0 auto;padding:.75rem 20px}"
    ".cs-top a{margin-right:1rem}</style>"
    "<nav class=cs-top aria-label='Countersign'><strong>Countersign API reference</strong> · "
    "<a href='/docs/errors' id=errors-link>Error codes</a>"
    "<a href='/openapi.yaml'>openapi.yaml</a><a href='/dashboard'>Dashboard</a></nav>"
    "<div id=swagger-ui></div>"
    "<script src='/docs/assets/swagger-ui-bundle.js'></script>"
    "<script src='/docs/reference.js'></script>"
)

# Swagger UI's start, as a file (the page's policy allows no inline script).
REFERENCE_SCRIPT = """window.ui = SwaggerUIBundle({
  url: "/docs/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
  layout: "BaseLayout",
  defaultModelsExpandDepth: 0,
});
"""


async def openapi_document(request: Request) -> Response:
    return Response(
        request.app.state.services.document.text, media_type="application/yaml; charset=utf-8"
    )


def render_errors_page() -> str:
    """Rendered once by create_app (app.state.errors_page), not at import."""
    sections = []
    for info in ERROR_CODES.values():
        code = info.code.value
        where = " (dashboard and hosted link page only)" if info.dashboard_only else ""
        sections.append(
            f'<section id="{code}"><h2><code>{code}</code></h2>'
            f"<p><strong>{info.status}</strong> · type <code>{info.type.value}</code>{where}</p>"
            f"<p>{html.escape(info.message)}</p><p>{html.escape(info.hint)}</p></section>"
        )
    return (
        "<!doctype html><html lang=en><meta charset=utf-8>"
        "<meta name=viewport content='width=device-width,initial-scale=1'>"
        "<title>Countersign errors</title><style>body{font:16px/1.5 system-ui;max-width:"
        "46rem;margin:2rem auto;padding:0 1rem}section{border-top:1px solid #ddd}</style>"
        "<h1>Errors</h1><p>Every error has a stable <code>error.code</code>; branch on it, "
        "never on the message. Every operation and the errors it answers with: "
        "<a href='/docs' id=reference-link>the API reference</a>.</p>" + "".join(sections)
    )


async def errors_page(request: Request) -> Response:
    return HTMLResponse(request.app.state.errors_page)


# Only the two files the page loads: the package also ships a demo index.html that would
# fetch the Petstore document from the internet.
ASSETS = {"swagger-ui.css": "text/css", "swagger-ui-bundle.js": "text/javascript"}


async def reference_asset(request: Request) -> Response:
    """Swagger UI's own files, from the swagger-ui-bundle package (package data in its wheel)."""
    from swagger_ui_bundle import swagger_ui_path

    name = request.path_params["name"]
    if name not in ASSETS:
        raise ApiError(ErrorCode.ROUTE_NOT_FOUND)
    return FileResponse(
        Path(str(swagger_ui_path)) / name,
        media_type=f"{ASSETS[name]}; charset=utf-8",
        headers={"Cache-Control": "public, max-age=86400", **_REFERENCE_HEADERS},
    )


async def reference_page(request: Request) -> Response:
    return HTMLResponse(REFERENCE_PAGE, headers=_REFERENCE_HEADERS)


async def reference_script(request: Request) -> Response:
    return Response(
        REFERENCE_SCRIPT, media_type="text/javascript; charset=utf-8", headers=_REFERENCE_HEADERS
    )


async def reference_document(request: Request) -> Response:
    """The viewer's OpenAPI 3.0 rendering, built on first use (most apps never serve it)."""
    state = request.app.state
    rendered: dict[str, Any] | None = getattr(state, "reference_document", None)
    if rendered is None:
        services = state.services
        rendered = document_30(services.document.document, services.settings.public_url)
        state.reference_document = rendered
    return JSONResponse(rendered)
