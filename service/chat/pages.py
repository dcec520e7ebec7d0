"""The Chat page: connect Slack ("Add to Slack", OAuth v2 with its `state` checked) and a
Telegram group (`/start <code>`), see who is linked; and the one-time page where a chat user
confirms, signed in, which member they are."""

from __future__ import annotations

from slack_sdk.oauth import AuthorizeUrlGenerator
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from service.chat.models import SLACK, TELEGRAM
from service.chat.usecases import (
    PROVIDER_NAMES,
    confirm_link,
    install_slack,
    pending_link,
    slack_state,
    telegram_start_code,
    unlink_user,
)
from service.dashboard.web import Page, page
from service.domain.permissions import Permission
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode

SLACK_SCOPES = ("chat:write", "incoming-webhook")


def _redirect_uri(p: Page) -> str:
    return f"{p.services.settings.public_url}/dashboard/chat/slack/oauth"


@page()
async def chat_page(p: Page) -> Response:
    workspace_id = p.principal.workspace_id
    async with p.services.store.reading() as uow:
        connections = {c.provider: c for c in await uow.chat_connections.of_workspace(workspace_id)}
        linked = await uow.chat_users.of_workspace(workspace_id)
        members = {m.user_id: m for m in await uow.members.list(workspace_id)}
    people = [
        {
            "provider": PROVIDER_NAMES.get(c.provider, c.provider),
            "provider_id": c.provider,
            "chat_user": c.chat_user_id,
            "email": members[c.user_id].email if c.user_id in members else "(removed)",
            "mine": c.user_id == p.principal.user_id,
        }
        for c in linked
    ]
    settings = p.services.settings
    return await p.render(
        "chat.html",
        slack=connections.get(SLACK),
        telegram=connections.get(TELEGRAM),
        people=people,
        slack_installable=bool(settings.slack_client_id and settings.slack_client_secret),
        telegram_ready=bool(settings.telegram_bot_token),
        start_code=p.flash.get("start_code"),
    )


@page(Permission.WEBHOOKS_MANAGE)
async def new_start_code(p: Page) -> Response:
    code = await telegram_start_code(p.services.store, p.services.clock, p.principal)
    return p.redirect("/dashboard/chat", start_code=code)


@page(Permission.WEBHOOKS_MANAGE)
async def slack_install(p: Page) -> Response:
    settings = p.services.settings
    if not settings.slack_client_id:
        raise ApiError(ErrorCode.ROUTE_NOT_FOUND, "Set COUNTERSIGN_SLACK_CLIENT_ID first.")
    state = await slack_state(p.services.store, p.services.clock, p.principal)
    url = AuthorizeUrlGenerator(
        client_id=settings.slack_client_id,
        redirect_uri=_redirect_uri(p),
        scopes=list(SLACK_SCOPES),
        authorization_url=settings.slack_authorize_url,
    ).generate(state)
    return RedirectResponse(url, status_code=303)


@page(Permission.WEBHOOKS_MANAGE)
async def slack_oauth(p: Page) -> Response:
    settings = p.services.settings
    query = p.request.query_params
    if not settings.slack_client_id or not settings.slack_client_secret:
        raise ApiError(ErrorCode.ROUTE_NOT_FOUND, "Set the Slack app's client id and secret first.")
    if "code" not in query:
        return p.redirect(
            "/dashboard/chat", notice="Slack was not added: the install was cancelled."
        )
    connection = await install_slack(
        p.services.store,
        p.services.clock,
        p.principal,
        p.services.chats,
        client_id=settings.slack_client_id,
        client_secret=settings.slack_client_secret,
        code=query["code"],
        state=query.get("state", ""),
        redirect_uri=_redirect_uri(p),
    )
    return p.redirect(
        "/dashboard/chat", notice=f"Slack is connected: requests go to {connection.channel}."
    )


@page()
async def link_form(p: Page) -> Response:
    code = p.request.path_params["code"]
    found = await pending_link(p.services.store, p.services.clock, code)
    if found is None:
        raise ApiError(
            ErrorCode.RESOURCE_NOT_FOUND,
            "This link was used already or is more than an hour old: click in the chat again.",
        )
    return await p.render(
        "chat_link.html",
        code=code,
        provider=PROVIDER_NAMES.get(found.provider, found.provider),
        chat_user=found.chat_user_id,
        other_workspace=found.workspace_id != p.principal.workspace_id,
    )


@page()
async def link_confirm(p: Page) -> Response:
    linked = await confirm_link(
        p.services.store, p.services.clock, p.principal, p.request.path_params["code"]
    )
    name = PROVIDER_NAMES.get(linked.provider, linked.provider)
    return p.redirect(
        "/dashboard/chat",
        notice=f"Your {name} account {linked.chat_user_id} is linked: your clicks there decide.",
    )


@page()
async def unlink(p: Page) -> Response:
    await unlink_user(p.services.store, p.principal, p.field("provider"), p.field("chat_user"))
    return p.redirect("/dashboard/chat", notice="Unlinked: that chat account decides nothing now.")


def routes() -> list[Route]:
    return [
        Route("/chat", chat_page, methods=["GET"]),
        Route("/chat/telegram/code", new_start_code, methods=["POST"]),
        Route("/chat/slack/install", slack_install, methods=["GET"]),
        Route("/chat/slack/oauth", slack_oauth, methods=["GET"]),
        Route("/chat/link/{code}", link_form, methods=["GET"]),
        Route("/chat/link/{code}", link_confirm, methods=["POST"]),
        Route("/chat/unlink", unlink, methods=["POST"]),
    ]
