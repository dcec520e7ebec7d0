"""Approvals in Slack end to end, both drivers: the service served with its workers, the fake
chat over real HTTP delivering signed clicks. A created action is posted to its account's
channel with the summary, warnings and three buttons; an unlinked click decides nothing and gets
a private link, which a member confirms signed in; policies refuse privately; the message is
edited in place after every decision, the dashboard's included; forged or stale signatures are
401."""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import time
from urllib.parse import urlencode

import httpx

from service.actions.policies.policy_rule import parse_rules
from service.actions.policies.usecases import set_account_policy
from service.chat.usecases import connect, link_user, unlink_user
from service.domain.clock import SystemClock
from service.kit.crypto import SecretBox
from service.workspaces.members import remove as remove_member
from tests.chat.conftest import SIGNING
from tests.chat.kit import (
    control,
    create,
    private_to,
    slack_click,
    slack_message,
    status_of,
    wait_for,
)
from tests.dashboard.dashboard_helpers import CSRF, csrf_of
from tests.factories import build_world
from tests.policies.kit import PASSWORD, people
from tests.served import served

ADMINS_TWO = [{"types": ["send_message"], "approvals": 2, "approvers": "admins"}]


def signed(body: bytes, stamp: int, secret: str = SIGNING) -> dict[str, str]:
    base = b"v0:" + str(stamp).encode() + b":" + body
    return {
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Slack-Request-Timestamp": str(stamp),
        "X-Slack-Signature": "v0=" + hmac.new(secret.encode(), base, hashlib.sha256).hexdigest(),
    }


async def test_slack_approvals(store, database_url, fake_chat, chat_settings):
    fake, chat_url = fake_chat
    clock = SystemClock()  # Slack's signatures carry the real time
    world = await build_world(store, clock)
    crew = await people(store, clock, world)
    sandbox = world.sandbox_accounts[0]
    await connect(
        store,
        clock,
        world.owner,
        "slack",
        "CDEFAULT",
        bot_token="xoxb-TA-secret",
        team_id="TA",
        box=SecretBox("test-secret"),
    )
    await connect(store, clock, world.owner, "slack", "CSANDBOX", account_id=sandbox)
    for who, chat_user in (("owner", "UOWNER"), ("admin", "UADMIN"), ("member", "UMEMBER")):
        await link_user(store, clock, world.owner, crew[who].email or "", "slack", chat_user)
    async with store.reading() as uow:
        stored = await uow.chat_connections.get(world.workspace_id, "slack")
    assert stored is not None and "xoxb" not in (stored.bot_token or "")  # sealed at rest

    with served(chat_settings, clock, database_url, run_workers=True) as (base, app):
        fake.deliver_to = base
        creators = app.state.services.platforms.sandbox.creators(world.workspace_id)
        a_fan = next(c for c in creators if c["id"] == sandbox)["fans"][0]["id"]
        async with httpx.AsyncClient(base_url=base, timeout=30) as api:
            first = await create(api, world, sandbox, "s1")
            posted = await wait_for(fake, lambda: slack_message(fake, first["id"]))
            assert posted["channel"] == "CSANDBOX"  # the account's channel, not the default
            assert first["summary"] in posted["text"] and "Hi there" in posted["text"]
            assert all(w["message"] in posted["text"] for w in first["warnings"])
            assert [b["actionId"] for b in posted["buttons"]] == ["approve", "reject", "open"]

            # A chat user linked to nobody decides nothing and is told privately, with a link.
            assert await slack_click(chat_url, posted, "approve", "USTRANGER") == 200
            reply = await wait_for(fake, lambda: private_to(fake, "slack", "USTRANGER"))
            link = re.search(r"https?://\S+/dashboard/chat/link/\S+", reply["text"])
            assert link and reply["channel"] == "CSANDBOX"
            assert await status_of(api, world, first["id"]) == "pending"

            # A linked member's click decides, and the message shows who and the outcome.
            assert await slack_click(chat_url, posted, "approve", "UMEMBER") == 200
            failed = await wait_for(fake, lambda: slack_message(fake, first["id"], "failed"), 5)
            assert "Approved by Meg Member" in failed["text"]
            assert [b["actionId"] for b in failed["buttons"]] == ["open"]
            ran = await create(api, world, sandbox, "s1b", fan=a_fan)
            ask = await wait_for(fake, lambda: slack_message(fake, ran["id"]))
            await slack_click(chat_url, ask, "approve", "UMEMBER")
            done = await wait_for(fake, lambda: slack_message(fake, ran["id"], "executed"), 5)
            assert "Approved by Meg Member" in done["text"]
            assert await status_of(api, world, ran["id"]) == "executed"

            # The stranger confirms the link signed in (as Max); from then on Max decides.
            path = link.group(0).removeprefix(base)
            signin = await api.post(
                "/dashboard/sign-in",
                data={"email": crew["member2"].email, "password": PASSWORD, "next": path},
            )
            assert signin.status_code == 303
            form = await api.get(path)
            assert form.status_code == 200 and "USTRANGER" in form.text
            token = CSRF.search(form.text).group(1)  # type: ignore[union-attr]
            assert (await api.post(path, data={"csrf_token": token})).status_code == 303
            assert (await api.post(path, data={"csrf_token": token})).status_code == 404  # once

            # Decided in the dashboard (its page calls the API with the session): the message
            # says so within 2 s.
            signin = await api.post(
                "/dashboard/sign-in",
                data={"email": crew["admin"].email, "password": PASSWORD, "next": "/dashboard/"},
            )
            assert signin.status_code == 303
            session = {"x-csrf-token": await csrf_of(api)}
            second = await create(api, world, sandbox, "s2")
            await wait_for(fake, lambda: slack_message(fake, second["id"]))
            answer = await api.post(
                f"/v1/actions/{second['id']}/reject", json={"note": "not today"}, headers=session
            )
            assert answer.status_code == 200, answer.text
            rejected = await wait_for(
                fake, lambda: slack_message(fake, second["id"], "Rejected by Ada Admin")
            )
            assert "not today" in rejected["text"] and len(rejected["history"]) == 1

            # Admins only, two people: a member is refused privately; the admin's approval in
            # the dashboard counts once (the message shows it), the same admin's click is
            # refused, the owner completes it.
            await set_account_policy(store, clock, world.owner, sandbox, parse_rules(ADMINS_TWO))
            third = await create(api, world, sandbox, "s3", fan=a_fan)
            asked = await wait_for(fake, lambda: slack_message(fake, third["id"]))
            assert "2 more of 2 needed" in asked["text"] and "admins" in asked["text"]
            await slack_click(chat_url, asked, "approve", "UMEMBER")
            assert await wait_for(
                fake, lambda: private_to(fake, "slack", "UMEMBER", "only admins and owners")
            )
            assert await status_of(api, world, third["id"]) == "pending"
            answer = await api.post(f"/v1/actions/{third['id']}/approve", json={}, headers=session)
            assert answer.status_code == 200, answer.text
            await wait_for(fake, lambda: slack_message(fake, third["id"], "by Ada Admin"))
            await slack_click(chat_url, asked, "approve", "UADMIN")
            assert await wait_for(
                fake, lambda: private_to(fake, "slack", "UADMIN", "You already approved")
            )
            assert await status_of(api, world, third["id"]) == "pending"
            await slack_click(chat_url, asked, "approve", "UOWNER")
            await wait_for(fake, lambda: slack_message(fake, third["id"], "executed"), within=5)

            # Forged, stale and unsigned requests are 401 and decide nothing.
            fourth = await create(api, world, sandbox, "s4")
            payload = {
                "type": "block_actions",
                "team": {"id": "TA"},
                "user": {"id": "UOWNER"},
                "channel": {"id": "CSANDBOX"},
                "actions": [{"action_id": "reject", "value": fourth["id"]}],
            }
            body = urlencode({"payload": json.dumps(payload)}).encode()
            now = int(time.time())
            for headers in (
                signed(body, now, secret="not-the-secret"),
                signed(body, now - 6 * 60),  # a correct signature, six minutes old
                {"Content-Type": "application/x-www-form-urlencoded"},
            ):
                answer = await api.post("/chat/slack/interactions", content=body, headers=headers)
                assert answer.status_code == 401, answer.text
                assert answer.json()["error"]["code"] == "invalid_api_key"
            assert await status_of(api, world, fourth["id"]) == "pending"
            good = await api.post(
                "/chat/slack/interactions", content=body, headers=signed(body, now)
            )
            assert good.status_code == 200
            assert await status_of(api, world, fourth["id"]) == "rejected"
            # Slack's retry of the same click decides nothing more, and says why privately.
            retry = {**signed(body, now), "X-Slack-Retry-Num": "1"}
            again = await api.post("/chat/slack/interactions", content=body, headers=retry)
            assert again.status_code == 200
            assert await wait_for(fake, lambda: private_to(fake, "slack", "UOWNER", "already"))
            async with store.reading() as uow:
                entries = await uow.audit.list(world.workspace_id)
            assert [e.action for e in entries if e.target == fourth["id"]] == ["action.rejected"]

            # Unlinked, or no longer a member: their next click decides nothing.
            await unlink_user(store, world.owner, "slack", "UMEMBER")
            await remove_member(store, clock, world.owner, crew["member2"].user_id or "")
            fifth = await create(api, world, sandbox, "s5")
            later = await wait_for(fake, lambda: slack_message(fake, fifth["id"]))
            for gone in ("UMEMBER", "USTRANGER"):  # Meg unlinked; Max (USTRANGER) removed
                await slack_click(chat_url, later, "reject", gone)
                assert await wait_for(
                    fake, lambda g=gone: private_to(fake, "slack", g, "not linked")
                )
            assert await status_of(api, world, fifth["id"]) == "pending"

            # Reject asks for an optional reason in a form; sent, it rejects with the reason.
            await slack_click(chat_url, later, "reject", "UADMIN")
            form = await wait_for(fake, lambda: [v for v in fake.views if v["userId"] == "UADMIN"])
            sent = await control(
                chat_url,
                "/_control/slack/submit",
                {"viewId": form[0]["viewId"], "values": {"reason": "wrong fan"}},
            )
            assert sent["status"] == 200
            await wait_for(fake, lambda: slack_message(fake, fifth["id"], "Ada Admin"))
            assert "wrong fan" in slack_message(fake, fifth["id"])["text"]
