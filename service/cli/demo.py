"""`countersign demo`: the service on SQLite with the fake platform, a seeded workspace, a linked
creator, and printed keys and sign-in details, so a newcomer sees the whole flow in minutes."""

from __future__ import annotations

import asyncio
import json
import os
import secrets
import socket
from pathlib import Path

from attrs import evolve

from harness.fake_chat import start_fake_chat
from harness.mailbox import Mailbox
from harness.platform import start_platform_in_thread
from harness.receiver import Receiver
from harness.threaded import start_in_thread
from service.cli.demo_files import keep_world, world_file
from service.cli.demo_seed import (
    CREATOR_EMAIL,
    DEMO_SLACK,
    OWNER_EMAIL,
    OWNER_PASSWORD,
    RECEIVER_PATH,
    seed,
)
from service.settings import Settings


def start_fake_platform(
    settings: Settings, port: int = 0, *, world: Path | None = None
) -> Settings:
    """Run the fake platform beside the service: only `demo` and `--fake-platform` call this,
    so a deployment that forgets COUNTERSIGN_PLATFORM_URL never executes against a fake.

    With `world` (the demo), the platform's whole state is kept in that file: a restarted
    demo's platform has the creators' data as the last run left it (messages sent, vault lists
    made), their sign-in sessions, and ids that never repeat."""
    if settings.platform_url:
        return settings
    platform = start_platform_in_thread(port=port)
    if world is not None:
        keep_world(platform.state, world)
    print(
        f"FAKE platform running at {platform.base_url} (control API: /_control): "
        "nothing reaches real creators"
    )
    return evolve(settings, platform_url=platform.base_url)


def chat_banner(chat_url: str) -> str:
    _, channel, user = DEMO_SLACK
    click = json.dumps({"channel": channel, "ts": "<ts>", "actionId": "approve", "userId": user})
    return f"""  chat        a FAKE Slack and Telegram at {chat_url}, the owner linked in both:
              curl {chat_url}/_control/slack/messages   (what was posted; each has a ts)
              curl -X POST {chat_url}/_control/slack/click -d '{click}'
"""


def banner(settings: Settings, seeded: dict[str, str], base: str, receiver_url: str | None) -> str:
    body = json.dumps(
        {
            "type": "send_message",
            "params": {"fanId": seeded["fan"], "text": "<p>Hi! Thanks for subscribing.</p>"},
        }
    )
    receiver = (
        f"\n  receiver    {receiver_url} (subscribed to every event: see Webhooks)"
        if receiver_url
        else ""
    )
    return f"""
Countersign demo is ready at {base}
  dashboard   {base}/dashboard   sign in as {OWNER_EMAIL} / {OWNER_PASSWORD}
  live key    {seeded["live"]}
  test key    {seeded["test"]}
              {seeded["keys_note"]}
  creator     account {seeded["account"]} (fake platform creator {CREATOR_EMAIL}){receiver}

Create an action (ready to paste):
  curl -s -X POST {base}/v1/accounts/{seeded["account"]}/actions \\
    -H "Authorization: Bearer {seeded["live"]}" -H "Idempotency-Key: demo-{secrets.token_hex(6)}" \\
    -H "Content-Type: application/json" \\
    -d '{body}'
Then open its approvalUrl, approve it, and GET /v1/actions/<id> to see it executed.
"""


def helper_ports(port: int) -> dict[str, int]:
    """The demo's helpers on the ports after its own (docs/getting-started.md): the fake
    platform, the webhook receiver and the SMTP server that catches mail."""
    return {"platform": port + 1, "receiver": port + 2, "smtp": port + 3}


def _free(port: int) -> bool:
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def _port_for(name: str, port: int) -> int:
    """The documented port when it is free; else any (said, so nobody looks in vain)."""
    if 0 < port < 65536 and _free(port):
        return port
    print(f"  {name}: port {port} is taken, so it listens on another one (printed below)")
    return 0


def public_base(settings: Settings, host: str, port: int) -> str:
    """COUNTERSIGN_PUBLIC_URL when set (a proxy, a tunnel), else where the demo listens."""
    if os.environ.get("COUNTERSIGN_PUBLIC_URL"):
        return settings.public_url
    return f"http://{host}:{port}"


def run_demo(settings: Settings, host: str, port: int) -> None:
    from service.app import create_app
    from service.runtime.access_log import log_config
    from service.runtime.serving import serve

    ports = helper_ports(port)
    settings = start_fake_platform(
        settings, _port_for("fake platform", ports["platform"]), world=world_file(settings)
    )
    receiver = Receiver()
    running = start_in_thread(
        receiver.app, name="demo-receiver", port=_port_for("receiver", ports["receiver"])
    )
    receiver_url = f"{running.base_url}{RECEIVER_PATH}"
    seeded = asyncio.run(seed(settings, receiver_url))
    receiver.set_secrets([seeded["signing"]])  # it checks every signature it receives
    base = public_base(settings, host, port)
    # A fake Slack and Telegram that post to nobody; a click on its control API is delivered
    # signed to the demo, as the real chats would.
    chat, chat_url = start_fake_chat(base)
    # A real SMTP server that catches the mails, shown on the dashboard's "Mails (demo)" page,
    # unless the person running the demo gave their own COUNTERSIGN_SMTP_URL.
    mailbox = None if settings.smtp_url else Mailbox(port=_port_for("SMTP", ports["smtp"])).start()
    smtp_url = settings.smtp_url or (mailbox.url if mailbox else None)
    # Development settings: plain http cookies and the loopback receiver are allowed.
    settings = evolve(
        settings,
        public_url=base,
        development=True,
        smtp_url=smtp_url,
        slack_api_url=f"{chat_url}/slack/api/",
        slack_signing_secret=chat.slack_signing_secret,
        telegram_api_url=f"{chat_url}/telegram",
        telegram_bot_token="100100:demo",
        telegram_secret=chat.telegram_secret,
    )
    print(banner(settings, seeded, base, receiver_url))
    print(chat_banner(chat_url))
    if mailbox is not None:
        print(f"  mail        caught at {mailbox.url}: see {base}/dashboard/demo/mails\n")
    app = create_app(settings)
    app.state.dashboard.demo_sign_in = (OWNER_EMAIL, OWNER_PASSWORD)
    app.state.dashboard.demo_mailbox = mailbox
    serve(app, settings, host=host, port=port, log_config=log_config())
