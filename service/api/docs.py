"""What the service serves about itself: openapi.yaml and the errors page each docsUrl points at."""

from __future__ import annotations

import html

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from service.error_codes import ERROR_CODES


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
        "never on the message.</p>" + "".join(sections)
    )


async def errors_page(request: Request) -> Response:
    return HTMLResponse(request.app.state.errors_page)
