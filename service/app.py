"""The composition root: create_app(settings, ...) wires storage, clock, validation and workers.

Nothing happens at import time; tests hand in their own store and clock instead of patching.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
from collections.abc import AsyncIterator

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Mount

from service.actions.public import ActionWaiters
from service.api.docs import render_errors_page
from service.api.edge import Edge
from service.api.routes import api_routes
from service.chat.public import Chats
from service.chat.rest import chat_routes
from service.dashboard import build_dashboard
from service.dashboard.routes import dashboard_routes
from service.dashboard.same_origin import SameOriginPosts
from service.dashboard.web import PAGE_ERRORS, not_a_page
from service.domain.clock import Clock, SystemClock
from service.domain.storage_errors import StorageBusy, StorageUnavailable
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.http.body_guard import BodyGuard
from service.http.cursors import Cursors
from service.http.forwarded import ClientAddress
from service.http.key_touches import KeyTouches
from service.http.ratelimit import RateLimiter, close_storage, limits_storage
from service.http.responses import error_response
from service.http.sessions import DashboardSessions
from service.http.spec import load_document
from service.http.validators import compile_validators
from service.kit.crypto import SecretBox
from service.kit.local_secret import local_secret_key
from service.kit.outgoing_http import OutgoingHttp
from service.kit.passwords import Passwords
from service.linking.pages import link_templates, linking_routes
from service.linking.public import LinkDeps, LinkTokens
from service.mcp import McpGate, build_mcp, mcp_asgi_app
from service.platform.budget import PlatformBudget
from service.platform.sandbox import SandboxPlatform
from service.platform.seam import Platforms
from service.ports import Store
from service.revenue.usecases import observe_transactions
from service.runtime.heap import serving_heap
from service.runtime.runner import run_workers
from service.services import Services
from service.settings import Settings
from service.synced import syncer
from service.synced.public import LiveReads, SyncDeps
from service.webhooks.reseal import reseal_webhook_secrets
from storage.sql.store import SqlStore

BUSY = ApiError(
    ErrorCode.INTERNAL_ERROR,
    "The service is busy: every database connection is in use. "
    "Nothing was changed; retry after `Retry-After` seconds.",
    status=503,
    headers={"Retry-After": "1"},
)
DATABASE_DOWN = ApiError(
    ErrorCode.INTERNAL_ERROR,
    "The service cannot reach its database right now. "
    "Nothing was changed; retry after `Retry-After` seconds.",
    status=503,
    headers={"Retry-After": "5"},
)


def _test_mode(request: Request) -> bool:
    principal = request.scope.get("state", {}).get("principal")
    return principal is not None and principal.mode == "test"


def build_services(
    settings: Settings, *, store: Store | None = None, clock: Clock | None = None
) -> Services:
    """Everything but HTTP routes, complete and frozen: the API process and `countersign
    worker` share this."""
    secret = settings.secret_key or local_secret_key(settings.database_url)
    clock = clock or SystemClock()
    store = store or SqlStore.from_url(settings.database_url)
    document = load_document()
    limits = limits_storage(settings.limits_storage, settings.limits_prefix)
    secrets = SecretBox(secret, [settings.secret_key_previous])
    passwords = Passwords(settings.password_hashing)
    http = OutgoingHttp()
    platforms = Platforms(
        sandbox=SandboxPlatform(clock=clock.now),
        secrets=secrets,
        http=http,
        url=settings.platform_url,
        timeout=settings.platform_timeout,
        budget=PlatformBudget(
            limits,
            settings.platform_budget,
            settings.platform_budget_window,
            sync_share=settings.platform_budget_sync_share,
        ),
    )
    syncing = SyncDeps(
        store=store,
        clock=clock,
        platforms=platforms,
        settings=settings,
        observe_transactions=observe_transactions,
    )
    link_tokens = LinkTokens(secret, [settings.secret_key_previous])
    linking = LinkDeps(
        store=store,
        clock=clock,
        platforms=platforms,
        secrets=secrets,
        link_tokens=link_tokens,
        settings=settings,
        first_sync=functools.partial(syncer.first_sync, syncing),
    )
    return Services(
        settings=settings,
        store=store,
        clock=clock,
        document=document,
        validators=compile_validators(document),
        cursors=Cursors(secret),
        limiter=RateLimiter(limits, settings.rate_limit, settings.rate_window, "api"),
        limits=limits,
        client_address=ClientAddress(settings.forwarded_allow_ips),
        secrets=secrets,
        link_tokens=link_tokens,
        passwords=passwords,
        http=http,
        platforms=platforms,
        live=LiveReads(store, clock, platforms),
        sessions=DashboardSessions(
            store, clock, passwords, secure=not settings.development, limits=limits
        ),
        key_touches=KeyTouches(store),
        executor_wakeup=asyncio.Event(),
        deliverer_wakeup=asyncio.Event(),
        waiters=ActionWaiters(store),
        chats=Chats(settings, secrets),
        chat_wakeup=asyncio.Event(),
        syncing=syncing,
        linking=linking,
    )


@contextlib.asynccontextmanager
async def outgoing_http(services: Services) -> AsyncIterator[None]:
    """The one outgoing HTTP client (platform calls, webhook sends), opened when the app starts
    and closed when it stops: an app that is built but never run holds no client."""
    async with services.http.open():
        yield


@contextlib.asynccontextmanager
async def running(services: Services, *, owned: SqlStore | None) -> AsyncIterator[None]:
    """Migrate the embedded default, run the background workers, tune the garbage collector for
    serving (heap.py), and close everything after.
    `owned` is the store the caller built for this run (None for one handed in by a test)."""
    if owned is not None and services.settings.embedded:
        await owned.migrate()
    if owned is not None:
        await reseal_webhook_secrets(services.store, services.secrets)
    try:
        async with (
            outgoing_http(services),
            run_workers(services, enabled=services.settings.run_workers),
        ):
            with serving_heap():
                yield
    finally:
        await services.waiters.close()
        await services.chats.close()
        await services.key_touches.flush()
        await close_storage(services.limits)
        if owned is not None:
            await owned.close()


def create_app(
    settings: Settings, *, store: Store | None = None, clock: Clock | None = None
) -> Starlette:
    owned = SqlStore.from_url(settings.database_url) if store is None else None
    services = build_services(settings, store=store or owned, clock=clock)

    async def on_api_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, ApiError)
        return error_response(
            exc,
            settings.public_url,
            request.scope["state"]["request_id"],
            test_mode=_test_mode(request),
        )

    async def on_storage_busy(request: Request, exc: Exception) -> Response:
        error = DATABASE_DOWN if isinstance(exc, StorageUnavailable) else BUSY
        return error_response(error, settings.public_url, request.scope["state"]["request_id"])

    async def on_http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        if exc.status_code in PAGE_ERRORS and request.url.path.startswith("/dashboard/"):
            return await not_a_page(
                request.app.state.dashboard, request, exc.status_code, dict(exc.headers or {})
            )
        if exc.status_code == 405:
            allowed = (exc.headers or {}).get("Allow", "")
            error = ApiError(
                ErrorCode.METHOD_NOT_ALLOWED,
                f"{request.method} is not allowed here. Allowed: {allowed}. "
                "Changes go through actions.",
                headers={"Allow": allowed},
            )
        elif exc.status_code == 400:  # Starlette's form parser: too many fields or files
            error = ApiError(ErrorCode.INVALID_PARAMETER, exc.detail, param="body")
        else:
            path = request.url.path
            error = ApiError(
                ErrorCode.ROUTE_NOT_FOUND,
                f"No route matches {request.method} {path}.",
                hint="The API reference at /docs lists every route."
                if path.startswith("/v1/")
                else "API paths start with /v1/.",
            )
        return error_response(error, settings.public_url, request.scope["state"]["request_id"])

    mcp = build_mcp(services)
    mcp_app = mcp_asgi_app(mcp)  # creates mcp.session_manager
    mcp_gate = McpGate(mcp_app, services)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        # A mounted app's own lifespan never runs, so the MCP sessions start here.
        async with running(services, owned=owned), mcp.session_manager.run():
            yield

    app = Starlette(
        routes=[
            *api_routes(),
            Mount("/mcp", app=mcp_gate),
            *linking_routes(),
            *chat_routes(),
            *dashboard_routes(),
        ],
        lifespan=lifespan,
        middleware=[
            Middleware(Edge, public_url=settings.public_url),
            Middleware(BodyGuard, api_limit=settings.max_body_bytes, timeout=settings.body_timeout),
            Middleware(SameOriginPosts, public_url=settings.public_url),
        ],
        exception_handlers={
            ApiError: on_api_error,
            HTTPException: on_http_error,
            StorageBusy: on_storage_busy,
        },
    )
    app.state.services = services
    app.state.on_stop = [services.waiters.stop, mcp_gate.standing.stop]
    """What the server calls the moment a stop begins (service/runtime/serving.py)."""
    app.state.dashboard = build_dashboard(services)
    app.state.link_templates = link_templates()
    app.state.errors_page = render_errors_page()
    return app
