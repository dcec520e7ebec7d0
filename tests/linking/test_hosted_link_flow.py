"""The hosted link end to end: the creator's browser talks to the service in process, and the
service signs in on the fake platform over real HTTP (docs/linking-and-sync.md)."""

from __future__ import annotations

import asyncio

import attrs
import sqlalchemy as sa

from service.synced.syncer import first_syncs_finished
from storage.sql import tables as t
from tests.linking.hosted_link_kit import LUNA, MIA, ROSA, running


async def test_plain_sign_in_connects_and_runs_the_first_sync(store, clock, settings):
    async with running(store, clock, settings) as env:
        link = await env.new_link(note="For Mia")
        assert (link["status"], link["accountId"]) == ("waiting", None)
        page = await env.page(link)
        assert page.status_code == 200 and 'id="grants"' in page.text
        assert "For Mia" not in page.text  # the agency's internal note stays internal
        assert page.headers["referrer-policy"] == "no-referrer"

        done = await env.sign_in(link, MIA)
        assert done.status_code == 200 and "is now connected to" in done.text

        mia = env.creator_id(MIA[0])
        shown = await env.get_link(link["id"])
        assert (shown["status"], shown["accountId"], shown["step"]) == (
            "connected",
            mia,
            "Connected.",
        )
        body = await env.account(mia)
        account, meta = body["data"], body["meta"]
        creator = env.platform.state.creators[mia]
        active = sum(1 for f in creator.fans.values() if f.active)
        assert account["status"] == "healthy" and account["statusReason"] is None
        assert account["username"] == creator.username and account["writesEnabled"] is True
        assert account["counts"]["activeFans"] == active
        assert account["counts"]["expiredFans"] == len(creator.fans) - active
        assert account["counts"]["vaultItems"] == len(creator.media)
        assert account["subscriptionPrice"] == {
            "amount": creator.subscribe_price_cents,
            "currency": "USD",
        }
        assert account["revenue30d"]["gross"]["amount"] > account["revenue30d"]["net"]["amount"]
        assert meta["source"] == "synced" and meta["asOf"] == account["lastSyncedAt"]

        connected = await env.events("account.connected")
        assert len(connected) == 1
        assert connected[0].data["linkId"] == link["id"]
        assert connected[0].data["account"]["id"] == mia
        assert await env.events("transaction.observed")  # the first sync saw the ledger

        async with store.reading() as uow:
            raw = (
                await uow.conn.execute(
                    sa.select(t.accounts.c.session_secret).where(t.accounts.c.id == mia)
                )
            ).scalar_one()
            fans = (
                await uow.conn.execute(
                    sa.select(sa.func.count()).select_from(t.fans).where(t.fans.c.account_id == mia)
                )
            ).scalar_one()
        tokens = [s.token for s in env.platform.state.sessions.values() if s.user_id == mia]
        assert tokens and all(tok.encode() not in bytes(raw) for tok in tokens)
        assert env.services.secrets.open(bytes(raw)) in tokens
        assert fans == len(creator.fans)


async def test_two_factor_then_selfie(store, clock, settings):
    async with running(store, clock, settings) as env:
        link = await env.new_link()
        page = await env.sign_in(link, ROSA)
        assert 'name="code"' in page.text
        assert (await env.get_link(link["id"]))["step"] == "Waiting for the 2FA code."

        wrong = await env.post(link, "2fa", code="000000")
        assert "Wrong code. 4 tries left." in wrong.text
        page = await env.post(link, "2fa", code="123456")
        assert 'name="photo"' in page.text
        shown = await env.get_link(link["id"])
        assert (shown["status"], shown["step"]) == ("in_progress", "Waiting for the selfie check.")

        done = await env.post(
            link, "selfie", files={"photo": ("me.jpg", b"\xff\xd8jpeg", "image/jpeg")}
        )
        assert "is now connected to" in done.text
        shown = await env.get_link(link["id"])
        assert (shown["status"], shown["accountId"]) == ("connected", env.creator_id(ROSA[0]))


async def test_two_factor_only_and_json_answers(store, clock, settings):
    async with running(store, clock, settings) as env:
        link = await env.new_link()
        csrf = await env.csrf(link)
        path = "/link/" + link["url"].rsplit("/link/", 1)[1]
        json_headers = {"Accept": "application/json"}
        first = await env.client.post(
            f"{path}/sign-in",
            headers=json_headers,
            data={"csrf": csrf, "email": LUNA[0], "password": LUNA[1]},
        )
        assert first.status_code == 200
        assert first.json()["data"]["step"] == "Waiting for the 2FA code."
        selfie_now = await env.client.post(
            f"{path}/selfie", headers=json_headers, data={"csrf": csrf, "image": "selfie"}
        )
        assert selfie_now.status_code == 409
        assert selfie_now.json()["error"]["code"] == "link_not_ready"
        done = await env.client.post(
            f"{path}/2fa", headers=json_headers, data={"csrf": csrf, "code": "123456"}
        )
        assert done.json()["data"]["status"] == "connected"


async def test_five_wrong_passwords_fail_the_link(store, clock, settings):
    async with running(store, clock, settings) as env:
        link = await env.new_link()
        for left in (4, 3, 2, 1):
            page = await env.sign_in(link, (MIA[0], "wrong"))
            assert f"{left} {'try' if left == 1 else 'tries'} left" in page.text
            assert (await env.get_link(link["id"]))["status"] == "in_progress"
        page = await env.sign_in(link, (MIA[0], "wrong"))
        assert "can no longer be used" in page.text
        shown = await env.get_link(link["id"])
        assert shown["status"] == "failed" and shown["accountId"] is None
        failed = await env.events("link.failed")
        assert [e.data["id"] for e in failed] == [link["id"]]
        assert failed[0].data["status"] == "failed"
        # The event never holds the URL: its token is the creator's credential.
        assert "url" not in failed[0].data
        assert link["url"].rsplit("/", 1)[1] not in str(failed[0].data)
        # A finished link takes no further step, even the right password.
        again = await env.post(link, "sign-in", csrf="x", email=MIA[0], password=MIA[1])
        assert again.status_code == 409 and 'data-code="link_not_ready"' in again.text
        assert await env.events("account.connected") == []


async def test_creator_cancels(store, clock, settings):
    async with running(store, clock, settings) as env:
        link = await env.new_link()
        await env.sign_in(link, LUNA)
        page = await env.post(link, "cancel")
        assert "Nothing was connected" in page.text
        assert (await env.get_link(link["id"]))["status"] == "cancelled"
        late = await env.post(link, "2fa", csrf="x", code="123456")
        assert late.status_code == 409


async def test_a_link_past_24_hours_no_longer_works(store, clock, settings):
    async with running(store, clock, settings) as env:
        link = await env.new_link()
        csrf = await env.csrf(link)
        clock.advance(hours=25)
        assert (await env.get_link(link["id"]))["status"] == "expired"
        page = await env.page(link)
        assert "This link expired" in page.text and 'name="password"' not in page.text
        late = await env.post(link, "sign-in", csrf=csrf, email=MIA[0], password=MIA[1])
        assert late.status_code == 409
        async with store.reading() as uow:
            stored = await uow.links.get(env.world.workspace_id, link["id"])
        assert stored.status == "expired"  # persisted on access, not only rendered


async def test_steps_out_of_order_and_bad_requests(store, clock, settings):
    async with running(store, clock, settings) as env:
        link = await env.new_link()
        early = await env.post(link, "2fa", code="123456")
        assert early.status_code == 409 and 'data-code="link_not_ready"' in early.text
        forged = await env.post(link, "sign-in", csrf="forged", email=MIA[0], password=MIA[1])
        assert forged.status_code == 400
        assert (await env.get_link(link["id"]))["status"] == "waiting"
        missing = await env.client.get("/link/no-such-token")
        assert missing.status_code == 404 and 'data-code="link_not_found"' in missing.text
        as_json = await env.client.get(
            "/link/no-such-token", headers={"Accept": "application/json"}
        )
        assert as_json.json()["error"]["code"] == "link_not_found"


async def test_platform_down_keeps_the_link_usable(store, clock, settings):
    async with running(store, clock, settings) as env:
        link = await env.new_link()
        await env.control.post(
            "/faults", json={"route": "POST /auth/login", "status": 503, "times": 1}
        )
        down = await env.sign_in(link, MIA)
        assert down.status_code == 502
        assert (await env.get_link(link["id"]))["status"] == "in_progress"
        done = await env.sign_in(link, MIA)
        assert "is now connected to" in done.text


async def test_test_mode_link_connects_a_sandbox_creator(store, clock, settings):
    async with running(store, clock, settings) as env:
        link = await env.new_link(key=env.world.test_key)
        page = await env.page(link)
        assert "Test mode" in page.text
        done = await env.sign_in(link, ("anyone@example.test", "anything"))
        assert "is now connected to" in done.text
        shown = await env.get_link(link["id"], key=env.world.test_key)
        assert shown["status"] == "connected"
        assert shown["accountId"] in env.world.sandbox_accounts
        account = (await env.account(shown["accountId"], key=env.world.test_key))["data"]
        assert account["status"] == "healthy"
        assert not env.platform.state.sessions  # nothing reached the platform


async def test_a_first_sync_that_waits_for_its_budget_goes_on_after_the_page_answers(
    store, clock, settings
):
    """Mia's first sync makes 47 platform reads; the syncer's share is 32 a second here, so it
    has to wait: the link page answers as soon as it does, and the sync finishes afterwards."""
    settings = attrs.evolve(
        settings, platform_budget=40, platform_budget_window=1.0, platform_budget_sync_share=0.8
    )
    async with running(store, clock, settings) as env:
        release, waits = asyncio.Event(), []

        async def held(seconds: float) -> None:  # the sync waits until the test lets it go on
            waits.append(seconds)
            await release.wait()
            await asyncio.sleep(seconds)

        env.services.platforms.budget.sleep = held
        link = await env.new_link()
        async with asyncio.timeout(30):  # a page that waited for the whole sync never answers
            done = await env.sign_in(link, MIA)
        assert done.status_code == 200 and "is now connected to" in done.text
        assert waits  # the page answered while the sync waited for its share
        mia = env.creator_id(MIA[0])
        assert (await env.get_link(link["id"]))["status"] == "connected"
        account = (await env.account(mia))["data"]
        assert account["status"] == "syncing" and account["lastSyncedAt"] is None

        release.set()
        await first_syncs_finished()
        account = (await env.account(mia))["data"]
        creator = env.platform.state.creators[mia]
        assert account["status"] == "healthy" and account["lastSyncedAt"] is not None
        async with store.reading() as uow:
            fans = await uow.fans.list(env.world.workspace_id, mia, limit=1000)
        assert sorted(f.id for f in fans) == sorted(creator.fans)


async def test_a_step_address_opened_as_a_page_goes_back_to_the_link(store, clock, settings):
    """After a refused step the browser shows the step's address; opened again (history, a
    reload on a phone) it is the link's page, at whatever step the link is, never JSON."""
    async with running(store, clock, settings) as env:
        link = await env.new_link()
        refused = await env.sign_in(link, (MIA[0], "wrong"))
        assert "4 tries left" in refused.text
        token = link["url"].rsplit("/", 1)[1]
        for step in ("sign-in", "2fa", "selfie", "cancel"):
            reopened = await env.client.get(f"/link/{token}/{step}")
            assert reopened.status_code == 303 and reopened.headers["location"] == f"/link/{token}"
            assert reopened.headers["cache-control"] == "no-store"
        page = await env.page(link)
        assert (
            page.status_code == 200
            and f'action="{reopened.headers["location"]}/sign-in"' in page.text
        )
        assert (await env.get_link(link["id"]))["status"] == "in_progress"


async def test_a_guess_the_platform_answers_after_the_timeout_still_counts(store, clock, settings):
    """The platform judged each of five wrong codes but answered after the service stopped
    waiting: five attempts are used, so the right code afterwards finds the link failed."""
    slow = attrs.evolve(settings, platform_timeout=0.3)
    async with running(store, clock, slow) as env:
        link = await env.new_link()
        page = await env.sign_in(link, ROSA)
        assert 'name="code"' in page.text
        await env.control.post(
            "/faults",
            json={"route": "POST /auth/2fa", "delayMs": 5000, "processed": True, "times": 5},
        )
        csrf = await env.csrf(link)
        for n in range(5):
            late = await env.post(link, "2fa", csrf=csrf, code=f"{n:06d}")
            assert late.status_code == 502, late.text
        code = env.platform.state.creators[env.creator_id(ROSA[0])].two_factor_code
        right = await env.post(link, "2fa", csrf=csrf, code=code)
        assert "is now connected" not in right.text, right.status_code
        assert (await env.get_link(link["id"]))["status"] == "failed"
        calls = (await env.control.get("/calls")).json()["byRoute"]
        assert calls["POST /auth/2fa"] == 5
