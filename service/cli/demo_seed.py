"""The demo's seeded workspace: an owner, a creator linked through the hosted-link steps, the
fake chats, two keys and the receiver's endpoint. Idempotent, so a restarted demo reuses them."""

from __future__ import annotations

from pathlib import Path

from service.app import build_services, outgoing_http
from service.chat.usecases import connect, link_user
from service.cli.demo_files import keys_file, read_kept, write_private
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
    link = await flow.open_page(services.linking, link)
    link = await flow.sign_in(services.linking, link, CREATOR_EMAIL, CREATOR_PASSWORD)
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
