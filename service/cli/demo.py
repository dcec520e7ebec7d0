"""`countersign demo`: the service on SQLite with the fake platform, a seeded workspace, a linked
creator, and printed keys and sign-in details, so a newcomer sees the whole flow in minutes."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import secrets
import socket
import threading
from pathlib import Path
from typing import Any

from attrs import evolve

from harness.fake_chat import start_fake_chat
from harness.mailbox import Mailbox
from harness.platform import start_platform_in_thread
from harness.platform.state import PlatformState
from harness.receiver import Receiver
from harness.threaded import start_in_thread
from service.app import build_services, outgoing_http
from service.chat.usecases import connect, link_user
from service.domain.clock import Clock, SystemClock
from service.domain.principal import Principal
from service.errors.api_error import ApiError
from service.http.auth import principal_for_key
from service.keys import usecases as keys
from service.linking import flow
from service.linking.usecases import create_link
from service.services import Services
from service.settings import Settings
from service.webhooks import usecases as hooks
from service.workspaces import usecases as ws
from service.workspaces.model import User
from storage.sql.store import SqlStore

OWNER_EMAIL, OWNER_PASSWORD = "owner@demo.test", "demo-password"
CREATOR_EMAIL, CREATOR_PASSWORD = "mia@creators.test", "mia-password-1"
LOCAL_RECEIVER = "http://127.0.0.1:"
RECEIVER_PATH = "/demo-events"


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


def world_file(settings: Settings) -> Path:
    """Beside the SQLite file, as the generated secret key is: the two are kept, and reset,
    together."""
    return Path(settings.database_url.split("///", 1)[-1]).parent / "demo-platform.json"


def keep_world(state: PlatformState, path: Path) -> None:
    """Load the world an earlier run left, and write it again after every change."""
    if path.exists():
        try:
            state.import_world(json.loads(path.read_text()))
        except ValueError as exc:
            print(f"{path} is not readable ({exc}): the fake platform starts anew")

    def save() -> None:
        write_private(path, state.export_world())

    state.on_sessions_changed = save
    state.on_change = save
    save()


def keys_file(settings: Settings) -> Path:
    """The demo's keys, beside the SQLite file: readable by the user only (0600)."""
    return Path(settings.database_url.split("///", 1)[-1]).parent / "demo-keys.json"


def read_kept(path: Path) -> dict[str, Any]:
    try:
        kept = json.loads(path.read_text())
    except (OSError, ValueError):
        return {}
    return kept if isinstance(kept, dict) else {}


def write_private(path: Path, content: dict[str, Any]) -> None:
    """Written whole, created 0600 (never readable by others, even for a moment)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f".{path.name}.{threading.get_ident()}.partial")
    with contextlib.suppress(FileNotFoundError):
        partial.unlink()
    fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as out:
        json.dump(content, out, indent=2)
    os.replace(partial, path)


async def seed(settings: Settings, receiver_url: str | None = None) -> dict[str, str]:
    """Idempotent: a second `demo` reuses the workspace, the linked creator, the two demo keys
    (kept in `keys_file`) and the receiver's endpoint when it listens where it did before."""
    store = SqlStore.from_url(settings.database_url)
    services = build_services(settings, store=store)
    clock = SystemClock()
    try:
        async with outgoing_http(services):  # linking the demo creator calls the platform
            await store.migrate()
            async with services.store.reading() as uow:
                existing = await uow.workspaces.list()
            workspace = (
                existing[0]
                if existing
                else await ws.create_workspace(services.store, clock, "Demo agency")
            )
            owner = await ws.create_user(
                services.store,
                clock,
                Principal.operator(workspace.id),
                OWNER_EMAIL,
                "Demo Owner",
                OWNER_PASSWORD,
                "owner",
                passwords=services.passwords,
            )
            account_id = await _demo_account(services, workspace.id, clock)
            await _demo_chat(services, workspace.id, clock)
            live, test, note = await _demo_keys(services, workspace.id, clock, keys_file(settings))
            fan_id = await _a_fan(services, workspace.id, account_id)
            signing = (
                await _subscribe(services, workspace.id, owner, receiver_url, clock)
                if receiver_url
                else ""
            )
            return {
                "workspace": workspace.id,
                "account": account_id,
                "live": live,
                "test": test,
                "fan": fan_id,
                "signing": signing,
                "keys_note": note,
            }
    finally:
        await services.store.close()


DEMO_SLACK = ("TDEMO", "CDEMO", "UDEMO")  # team, channel, the owner's Slack user
DEMO_TELEGRAM = ("-100100", "100")  # group, the owner's Telegram user


async def _demo_chat(services: Services, workspace_id: str, clock: Clock) -> None:
    """The fake chat's Slack channel and Telegram group, with the owner linked in both."""
    operator = Principal.operator(workspace_id)
    team, channel, user = DEMO_SLACK
    await connect(
        services.store,
        clock,
        operator,
        "slack",
        channel,
        bot_token=f"xoxb-{team}-demo",
        team_id=team,
        box=services.secrets,
    )
    await connect(services.store, clock, operator, "telegram", DEMO_TELEGRAM[0])
    await link_user(services.store, clock, operator, OWNER_EMAIL, "slack", user)
    await link_user(services.store, clock, operator, OWNER_EMAIL, "telegram", DEMO_TELEGRAM[1])


def chat_banner(chat_url: str) -> str:
    _, channel, user = DEMO_SLACK
    click = json.dumps({"channel": channel, "ts": "<ts>", "actionId": "approve", "userId": user})
    return f"""  chat        a FAKE Slack and Telegram at {chat_url}, the owner linked in both:
              curl {chat_url}/_control/slack/messages   (what was posted; each has a ts)
              curl -X POST {chat_url}/_control/slack/click -d '{click}'
"""


async def _demo_account(services: Services, workspace_id: str, clock: Clock) -> str:
    """The demo creator's live account, linked once through the hosted-link steps."""
    async with services.store.reading() as uow:
        linked = await uow.accounts.list(workspace_id, mode="live", limit=1)
    if linked:
        return linked[0].id
    link = await create_link(
        services.store,
        clock,
        Principal.operator(workspace_id),
        "demo creator",
        tokens=services.link_tokens,
    )
    link = await flow.open_page(services, link)
    link = await flow.sign_in(services, link, CREATOR_EMAIL, CREATOR_PASSWORD)
    if link.account_id is None:
        raise RuntimeError(f"the demo creator did not connect: {link.step}")
    return link.account_id


async def _demo_keys(
    services: Services, workspace_id: str, clock: Clock, path: Path
) -> tuple[str, str, str]:
    """The demo keys of earlier runs, read back from `path` while they still work; a key is
    made only where there is none (first run, or revoked in the dashboard). Nothing is revoked:
    clients and MCP configurations hold these keys. Returns both secrets and a line saying what
    happened."""
    kept = read_kept(path)
    async with services.store.reading() as uow:
        earlier = [
            k
            for k in await uow.keys.list(workspace_id)
            if k.name in ("demo live", "demo test") and k.revoked_at is None
        ]
    operator = Principal.operator(workspace_id)
    secrets_: dict[str, str] = {}
    made = []
    for mode in ("live", "test"):
        secret = kept.get(mode)
        if isinstance(secret, str) and await _works(services, clock, secret, workspace_id, mode):
            secrets_[mode] = secret
            continue
        _, secrets_[mode] = await keys.create_key(
            services.store,
            clock,
            operator,
            name=f"demo {mode}",
            scopes=["read", "write"],
            mode=mode,
        )
        made.append(mode)
    write_private(path, {**kept, "live": secrets_["live"], "test": secrets_["test"]})
    if not made:
        note = f"the same keys as before, kept in {path} (readable only by you)"
    elif not earlier:
        note = f"kept in {path} (readable only by you): the next run prints them again"
    else:
        note = (
            f"new {' and '.join(made)} key{'s' if len(made) > 1 else ''}, kept in {path} "
            "(readable only by you); keys made earlier are not revoked (API keys page)"
        )
    return secrets_["live"], secrets_["test"], note


async def _works(
    services: Services, clock: Clock, secret: str, workspace_id: str, mode: str
) -> bool:
    try:
        principal = await principal_for_key(services.store, clock, secret)
    except ApiError:
        return False
    return principal.workspace_id == workspace_id and principal.mode == mode


async def _a_fan(services: Services, workspace_id: str, account_id: str) -> str:
    """A real fan id from synced data, so the printed curl works as it is."""
    async with services.store.reading() as uow:
        fans = await uow.fans.list(workspace_id, account_id, limit=50)
    active = [f for f in fans if f.subscription_status == "active"] or list(fans)
    return active[0].id if active else "<a fan id from GET /v1/accounts/…/fans>"


async def _subscribe(
    services: Services, workspace_id: str, owner: User, url: str, clock: Clock
) -> str:
    """The demo's receiver listens where it did before when it can (run_demo asks for the
    same port): its endpoint and signing secret are then kept. An earlier run's receiver
    endpoint at another port is removed (nothing listens there); any other endpoint, loopback
    or not, is the user's and stays as it is."""
    principal = Principal.person(workspace_id, owner, "owner")
    for endpoint in await hooks.list_endpoints(services.store, principal):
        if (
            endpoint.kind == "events"
            and endpoint.url.startswith(LOCAL_RECEIVER)
            and endpoint.url.endswith(RECEIVER_PATH)
            and endpoint.disabled_at is None
        ):
            if endpoint.url == url:
                return str(hooks.shown_secrets(endpoint, services.secrets)[0]["secret"])
            await hooks.remove_endpoint(services.store, clock, principal, endpoint.id)
    endpoint = await hooks.add_event_endpoint(
        services.store, clock, principal, url, None, box=services.secrets, allow_loopback=True
    )
    return str(hooks.shown_secrets(endpoint, services.secrets)[0]["secret"])


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


def reset_demo(settings: Settings) -> None:
    """`make demo RESET=1`: the demo's database, keys and fake platform, gone together."""
    if not settings.database_url.startswith("sqlite:///"):
        raise SystemExit("--reset deletes only the demo's own SQLite database")
    database = Path(settings.database_url.split("///", 1)[-1])
    for path in (database, world_file(settings), keys_file(settings)):
        for gone in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
            with contextlib.suppress(FileNotFoundError):
                gone.unlink()
    print(f"Reset: the demo starts anew ({database}, its keys and its fake platform removed)")


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
