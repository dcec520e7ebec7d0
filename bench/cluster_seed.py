"""What the cluster's load needs in the database before it starts, made through the real use
cases (a workspace, its owner, a live key, creators linked through the hosted-link steps and an
event endpoint on the receiver), as a deployment's first users would make them."""

from __future__ import annotations

from service.app import build_services, outgoing_http
from service.domain.clock import SystemClock
from service.domain.principal import Principal
from service.keys import usecases as keys
from service.linking import flow
from service.linking.usecases import create_link
from service.settings import Settings
from service.webhooks import usecases as hooks
from service.workspaces import usecases as ws

CREATORS = (
    ("mia@creators.test", "mia-password-1", None, False),
    ("luna@creators.test", "luna-password-2", "123456", False),
    ("rosa@creators.test", "rosa-password-3", "123456", True),
)


async def seed(settings: Settings, receiver_url: str) -> dict:
    services = build_services(settings)
    clock = SystemClock()
    try:
        async with outgoing_http(services):
            await services.store.migrate()
            workspace = await ws.create_workspace(services.store, clock, "Cluster agency")
            owner = await ws.create_user(
                services.store,
                clock,
                Principal.operator(workspace.id),
                "owner@cluster.test",
                "Cluster Owner",
                "cluster-password",
                "owner",
                passwords=services.passwords,
            )
            accounts = []
            for email, password, code, selfie in CREATORS:
                link = await create_link(
                    services.store,
                    clock,
                    Principal.person(workspace.id, owner, "owner"),
                    email,
                    tokens=services.link_tokens,
                )
                link = await flow.open_page(services.linking, link)
                link = await flow.sign_in(services.linking, link, email, password)
                if code:
                    link = await flow.submit_2fa(services.linking, link, code)
                if selfie:
                    link = await flow.submit_selfie(services.linking, link, "selfie.jpg")
                assert link.account_id, f"{email} did not link: {link.status} {link.step}"
                async with services.store.reading() as uow:
                    fans = await uow.fans.list(workspace.id, link.account_id, limit=50)
                accounts.append({"id": link.account_id, "fans": [f.id for f in fans][:10]})
            _, key = await keys.create_key(
                services.store,
                clock,
                Principal.operator(workspace.id),
                name="cluster",
                scopes=["read", "write"],
                mode="live",
            )
            principal = Principal.person(workspace.id, owner, "owner")
            endpoint = await hooks.add_event_endpoint(
                services.store,
                clock,
                principal,
                receiver_url,
                None,
                box=services.secrets,
                allow_loopback=True,
            )
            signing = hooks.shown_secrets(endpoint, services.secrets)[0]["secret"]
            return {
                "workspace": workspace.id,
                "owner": owner,
                "accounts": accounts,
                "key": key,
                "signing": signing,
            }
    finally:
        await services.store.close()
