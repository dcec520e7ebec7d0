"""The dashboard's routes, mounted under /dashboard, and its own static files (no CDN)."""

from __future__ import annotations

from importlib.resources import files

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from service.accounts import pages as accounts
from service.actions import pages as action_pages
from service.actions.policies import pages as activity_pages
from service.chat import pages as chat_pages
from service.dashboard import auth_pages
from service.keys import pages as keys
from service.linking import pages as links
from service.mail import pages as notification_pages
from service.people import pages as people_pages
from service.webhooks import pages as webhook_pages


async def home(request: Request) -> Response:
    return RedirectResponse("/dashboard/approvals", status_code=303)


async def favicon(request: Request) -> Response:
    """Package data (importlib.resources), so an installed wheel serves it too."""
    icon = (files("service.dashboard") / "static" / "favicon.svg").read_bytes()
    return Response(
        icon, media_type="image/svg+xml", headers={"Cache-Control": "public, max-age=86400"}
    )


def dashboard_routes() -> list[Route | Mount]:
    a, pp, w = action_pages, people_pages, webhook_pages
    return [
        Route("/", home, methods=["GET"]),  # a person typing the bare address lands somewhere
        Route("/favicon.ico", favicon, methods=["GET"]),
        Mount(
            "/dashboard",
            routes=[
                Route("/", home, methods=["GET"]),
                Route("/sign-in", auth_pages.sign_in_form, methods=["GET"]),
                Route("/sign-in", auth_pages.sign_in, methods=["POST"]),
                Route("/sign-out", auth_pages.sign_out, methods=["POST"]),
                Route("/invites/{token}", auth_pages.invite_form, methods=["GET", "POST"]),
                Route("/mode", auth_pages.switch_mode, methods=["POST"]),
                Route("/workspace", auth_pages.switch_workspace, methods=["POST"]),
                Route("/approvals", a.inbox, methods=["GET"]),
                Route("/approvals/decide", a.decide_many, methods=["POST"]),
                Route("/actions/{actionId}", a.action_page, methods=["GET"]),
                Route("/actions/{actionId}/decide", a.decide, methods=["POST"]),
                Route("/actions/{actionId}/request-again", a.ask_again, methods=["POST"]),
                Route("/actions/{actionId}/cancel", a.cancel, methods=["POST"]),
                Route("/preview", a.preview, methods=["POST"]),
                Route("/api/actions/{actionId}", a.action_json_route, methods=["GET"]),
                Route("/accounts", accounts.accounts, methods=["GET"]),
                Route("/accounts/{accountId}/writes", accounts.switch_writes, methods=["POST"]),
                Route("/accounts/writes", accounts.switch_all_writes, methods=["POST"]),
                Route("/accounts/{accountId}/activity", activity_pages.activity, methods=["GET"]),
                Route(
                    "/accounts/{accountId}/suggestions/apply",
                    activity_pages.apply,
                    methods=["POST"],
                ),
                Route(
                    "/accounts/{accountId}/allowances/resume",
                    activity_pages.resume,
                    methods=["POST"],
                ),
                Route("/links", links.links, methods=["GET"]),
                Route("/links", links.create_link, methods=["POST"]),
                Route("/links/{linkId}/cancel", links.cancel_link, methods=["POST"]),
                Route("/api/links/{linkId}", links.link_status, methods=["GET"]),
                Route("/keys", keys.keys, methods=["GET"]),
                Route("/keys", keys.create_key, methods=["POST"]),
                Route("/keys/{keyId}/revoke", keys.revoke_key, methods=["POST"]),
                Route("/keys/{keyId}/roll", keys.roll_key, methods=["POST"]),
                Route("/members", pp.members_page, methods=["GET"]),
                Route("/members/invite", pp.invite, methods=["POST"]),
                Route("/members/{userId}/role", pp.change_role, methods=["POST"]),
                Route("/members/{userId}/remove", pp.remove, methods=["POST"]),
                Route("/members/{userId}/accounts", pp.assign_accounts, methods=["POST"]),
                Route("/members/{userId}/shift", pp.member_shift, methods=["POST"]),
                Route("/shift", pp.my_shift, methods=["POST"]),
                Route("/audit", pp.audit, methods=["GET"]),
                Route("/notifications", notification_pages.notifications, methods=["GET"]),
                Route("/notifications", notification_pages.save_notifications, methods=["POST"]),
                Route("/demo/mails", notification_pages.demo_mails, methods=["GET"]),
                *w.routes(),
                *chat_pages.routes(),
                Mount(
                    "/static",
                    app=StaticFiles(packages=[("service.dashboard", "static")]),
                    name="dashboard-static",
                ),
            ],
        ),
    ]
