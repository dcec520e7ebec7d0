"""`countersign chat connect | link-user` as real subprocesses, both drivers: Slack's team is
asked of the fake chat with `auth.test`, the bot token is stored sealed, and a chat user is
linked to a member by address."""

from __future__ import annotations

from service.kit.crypto import SecretBox
from tests.cli.test_cli import cli, environment
from tests.factories import build_world


async def test_connect_slack_and_link_a_user(database_url, store, clock, fake_chat):
    _, chat_url = fake_chat
    world = await build_world(store, clock)
    env = environment(
        database_url,
        COUNTERSIGN_SLACK_API_URL=f"{chat_url}/slack/api/",
        COUNTERSIGN_SECRET_KEY="cli-test-secret",
    )
    done = cli(env, "chat", "connect", "slack", "--bot-token", "xoxb-TQ-9", "--channel", "CQ")
    assert "(Slack team TQ)" in done.stdout
    done = cli(env, "chat", "link-user", "owner@agency.test", "--slack-user", "UQ1")
    assert "UQ1 decides as owner@agency.test" in done.stdout
    async with store.reading() as uow:
        slack = await uow.chat_connections.get(world.workspace_id, "slack")
        linked = await uow.chat_users.get(world.workspace_id, "slack", "UQ1")
    assert slack is not None and slack.team_id == "TQ" and slack.channel == "CQ"
    assert SecretBox("cli-test-secret").open_text(slack.bot_token or "") == "xoxb-TQ-9"
    assert linked is not None and linked.user_id
