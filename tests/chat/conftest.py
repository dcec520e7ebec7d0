"""The chat tests' world: the fake chat on a real socket, and settings pointing the service's
Slack and Telegram clients at it."""

from __future__ import annotations

import attrs
import pytest

from harness.fake_chat import FakeChat
from harness.threaded import serve_in_thread

SIGNING = "slack-signing-secret-test"
TG_SECRET = "telegram-secret-test"
TG_TOKEN = "4242:fake-bot-token"


@pytest.fixture
def fake_chat():
    """(the fake's state, its base URL); `deliver_to` is set once the service is served."""
    fake = FakeChat("http://127.0.0.1:9", SIGNING, TG_SECRET)
    with serve_in_thread(fake.app(), name="fake-chat") as url:
        yield fake, url


@pytest.fixture
def chat_settings(settings, fake_chat):
    _, url = fake_chat
    return attrs.evolve(
        settings,
        slack_api_url=f"{url}/slack/api/",
        slack_signing_secret=SIGNING,
        slack_client_id="client-id",
        slack_client_secret="client-secret",
    )


@pytest.fixture
def telegram_settings(chat_settings, fake_chat):
    """Telegram too. Only its tests set a bot token: aiogram's first import (seconds of CPU,
    in a thread but under the GIL) would slow the Slack tests' first posts."""
    _, url = fake_chat
    return attrs.evolve(
        chat_settings,
        telegram_api_url=f"{url}/telegram",
        telegram_bot_token=TG_TOKEN,
        telegram_secret=TG_SECRET,
    )
