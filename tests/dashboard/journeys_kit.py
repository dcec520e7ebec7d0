"""What the dashboard's browser journeys share: the page sizes, the seeded world, signing in at
either size, and the checks every page must pass on a phone."""

from __future__ import annotations

from playwright.sync_api import Browser, Page

from service.domain.principal import Principal
from service.synced.model import Fan
from service.workspaces.usecases import create_user
from tests.dashboard.live_service import clean, run_store
from tests.dashboard.test_dashboard_browser import MEMBER, OWNER, sign_in
from tests.factories import PASSWORDS, build_world

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
LONG_TEXT = "<p>" + "Hello there, thanks for being here! " * 6 + "<b>See you soon</b></p>"
PAGES = [
    "/dashboard/approvals",
    "/dashboard/accounts",
    "/dashboard/links",
    "/dashboard/keys",
    "/dashboard/webhooks",
    "/dashboard/members",
    "/dashboard/audit",
]


async def seed_team(store, clock):
    """A clean database, then the factories' world with a second person: Max, a member."""
    await clean(store)
    world = await build_world(store, clock)
    await create_user(
        store,
        clock,
        Principal.operator(world.workspace_id),
        MEMBER[0],
        "Max Member",
        MEMBER[1],
        "member",
        passwords=PASSWORDS,
    )
    return world


def seed_world(database_url, clock):
    """The journeys' world: the owner, a member, and one synced fan on the live account."""

    async def seed(store):
        world = await seed_team(store, clock)
        async with store.transaction() as uow:
            await uow.fans.replace(
                world.workspace_id,
                world.live_account,
                [
                    Fan(
                        workspace_id=world.workspace_id,
                        account_id=world.live_account,
                        id="f1",
                        username="sam.fan",
                        name="Sam Fan",
                        avatar_url=None,
                        subscription_status="active",
                        subscribed_at=None,
                        expires_at=None,
                    )
                ],
            )
        return world

    return run_store(database_url, seed)


def open_as(
    browser: Browser,
    base: str,
    who=OWNER,
    *,
    phone=False,
    start="/dashboard/approvals",
    zone: str | None = None,
) -> Page:
    options = (
        {"viewport": PHONE, "is_mobile": True, "has_touch": True}
        if phone
        else {"viewport": DESKTOP}
    )
    if zone:
        options["timezone_id"] = zone
    page = browser.new_context(**options).new_page()
    sign_in(page, base, who, start)
    return page


def no_overflow(page: Page) -> None:
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= page.viewport_size["width"], (page.url, wide)


def in_view(page: Page, selector: str) -> None:
    box = page.locator(selector).bounding_box()
    assert (
        box is not None
        and box["y"] >= 0
        and box["y"] + box["height"] <= page.viewport_size["height"]
    ), (selector, box)


def set_account(database_url: str, world, **values) -> None:
    async def job(store):
        async with store.transaction() as uow:
            await uow.accounts.update(world.workspace_id, world.live_account, **values)

    run_store(database_url, job)
