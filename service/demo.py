"""`countersign demo`: the service on SQLite with the fake platform, a seeded workspace, a linked
creator, and printed keys and sign-in details, so a newcomer sees the whole flow in minutes."""

from __future__ import annotations

import asyncio

from attrs import evolve

from harness.platform import start_platform_in_thread
from service.app import build_services, outgoing_http
from service.domain.clock import SystemClock
from service.linking import flow
from service.settings import Settings
from service.usecases import workspaces as ws
from service.usecases.links import create_link
from storage.migrate import migrate

OWNER_EMAIL, OWNER_PASSWORD = "owner@demo.test", "demo-password"
CREATOR_EMAIL, CREATOR_PASSWORD = "mia@creators.test", "mia-password-1"


def start_fake_platform(settings: Settings, port: int = 0) -> Settings:
    """Run the fake platform beside the service: only `demo` and `--fake-platform` call this,
    so a deployment that forgets COUNTERSIGN_PLATFORM_URL never executes against a fake."""
    if settings.platform_url:
        return settings
    platform = start_platform_in_thread(port=port)
    print(f"FAKE platform running at {platform.base_url} (control API: /_control): "
          "nothing reaches real creators")
    return evolve(settings, platform_url=platform.base_url)


async def seed(settings: Settings) -> dict[str, str]:
    """Idempotent: a second `demo` reuses the workspace and prints fresh keys."""
    services = build_services(settings)
    clock = SystemClock()
    try:
        async with outgoing_http(services):  # linking the demo creator calls the platform
            await migrate(services.store.engine)
            async with services.store.reading() as uow:
                existing = await uow.workspaces.list()
            workspace = existing[0] if existing else await ws.create_workspace(
                services.store, clock, "Demo agency")
            await ws.create_user(services.store, clock, workspace.id, OWNER_EMAIL, "Demo Owner",
                                 OWNER_PASSWORD, "owner", passwords=services.passwords)
            account_id = await _link_demo_creator(services, workspace.id, clock)
            _, live = await ws.create_key(services.store, clock, workspace.id, name="demo live",
                                          scopes=["read", "write"], mode="live")
            _, test = await ws.create_key(services.store, clock, workspace.id, name="demo test",
                                          scopes=["read", "write"], mode="test")
        return {"workspace": workspace.id, "account": account_id, "live": live, "test": test}
    finally:
        await services.store.close()


async def _link_demo_creator(services, workspace_id: str, clock) -> str:
    """Link the demo creator through the same hosted-link steps a creator's browser takes."""
    link = await create_link(services.store, clock, workspace_id, "live", "demo creator",
                             tokens=services.link_tokens)
    link = await flow.open_page(services, link)
    link = await flow.sign_in(services, link, CREATOR_EMAIL, CREATOR_PASSWORD)
    return link.account_id


def banner(settings: Settings, seeded: dict[str, str], host: str, port: int) -> str:
    base = f"http://{host}:{port}"
    return f"""
Countersign demo is ready at {base}
  dashboard   {base}/dashboard   sign in as {OWNER_EMAIL} / {OWNER_PASSWORD}
  live key    {seeded['live']}
  test key    {seeded['test']}
  creator     account {seeded['account']} (fake platform creator {CREATOR_EMAIL})

Create an action:
  curl -s -X POST {base}/v1/accounts/{seeded['account']}/actions \\
    -H "Authorization: Bearer {seeded['live']}" -H "Idempotency-Key: demo-1" \\
    -H "Content-Type: application/json" \\
    -d '{{"type":"send_message","params":{{"fanId":"<a fan id from GET /v1/accounts/{seeded['account']}/fans>","text":"<p>Hi!</p>"}}}}'
Then open its approvalUrl, approve it, and GET /v1/actions/<id> to see it executed.
"""


def run_demo(settings: Settings, host: str, port: int) -> None:
    import uvicorn

    from service.access_log import log_config
    from service.app import create_app

    settings = start_fake_platform(settings)
    seeded = asyncio.run(seed(settings))
    settings = evolve(settings, public_url=f"http://{host}:{port}")
    print(banner(settings, seeded, host, port))
    uvicorn.run(create_app(settings), host=host, port=port, log_level="info",
                log_config=log_config(), proxy_headers=False)
