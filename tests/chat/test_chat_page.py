"""The Chat page's "Add to Slack" (OAuth v2 through the fake chat's authorize page and
`oauth.v2.access`): the `state` must be one this person started, once; the bot token is stored
sealed. Both drivers, the app in-process."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import httpx

from service.app import create_app, outgoing_http
from tests.dashboard.dashboard_helpers import sign_in
from tests.factories import build_world


async def test_add_to_slack_checks_its_state(store, clock, chat_settings, fake_chat):
    world = await build_world(store, clock)
    app = create_app(chat_settings, store=store, clock=clock)
    transport = httpx.ASGITransport(app=app)
    async with (
        outgoing_http(app.state.services),
        httpx.AsyncClient(transport=transport, base_url="http://countersign.test") as client,
    ):
        await sign_in(client)
        page = await client.get("/dashboard/chat")
        assert page.status_code == 200 and 'id="add-to-slack"' in page.text
        install = await client.get("/dashboard/chat/slack/install")
        assert install.status_code == 303
        target = install.headers["location"]
        assert "scope=chat:write" in target and "redirect_uri=" in target
        async with httpx.AsyncClient() as outside:  # the admin's browser at Slack
            back = await outside.get(target)
        assert back.status_code == 302
        callback = urlsplit(back.headers["location"])
        query = parse_qs(callback.query)
        forged = await client.get(
            callback.path, params={"code": query["code"][0], "state": "made-up"}
        )
        assert forged.status_code == 403
        async with store.reading() as uow:
            assert await uow.chat_connections.get(world.workspace_id, "slack") is None
        done = await client.get(f"{callback.path}?{callback.query}")
        assert done.status_code == 303
        again = await client.get(f"{callback.path}?{callback.query}")
        assert again.status_code == 403  # a state is spent once
        async with store.reading() as uow:
            slack = await uow.chat_connections.get(world.workspace_id, "slack")
        assert slack is not None and slack.team_id == "TOAUTH" and slack.channel == "CINSTALL"
        assert slack.bot_token and "xoxb" not in slack.bot_token
        assert app.state.services.chats.token(slack) == "xoxb-TOAUTH-installed"
        shown = await client.get("/dashboard/chat")
        assert "CINSTALL" in shown.text
    await app.state.services.waiters.close()
