"""Mail to the people who decide, through a real SMTP server (aiosmtpd on 127.0.0.1): who gets
what, digests and reminders on the injected clock, retries, two mailers, test mode, and a dead
SMTP server that holds up no webhook. Both drivers."""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt

import attrs
import pytest
import sqlalchemy as sa

from harness.receiver import Receiver, run_receiver_in_thread
from service.actions.decisions import decide_action
from service.kit.crypto import SecretBox
from service.mail.mailer import Mailer
from service.mail.notifications import queue_mails, save_preference
from service.webhooks.deliverer import Deliverer
from service.webhooks.dispatch import dispatch_all
from service.webhooks.usecases import add_event_endpoint, current_secret
from storage.sql import tables as t
from tests.factories import add_live_account
from tests.mail.kit import MESSAGE, create, send_round
from tests.webhooks_delivery.delivery_kit import loopback_sender


async def test_a_new_action_mails_exactly_the_members_who_asked(
    client, store, clock, team, mailbox, mail_settings
):
    world, _ = team
    action = await create(client, world, "m1")
    await send_round(store, clock, mail_settings)
    assert sorted(r for m in mailbox.messages for r in m.rcpt_to) == [
        "admin@agency.test",
        "keen@agency.test",
        "owner@agency.test",
    ]
    mail = mailbox.to("keen@agency.test")[0]
    assert mail.subject.startswith("Approval needed for @maya.live")
    assert "[TEST]" not in mail.subject
    text, html = mail.text(), mail.html()
    assert action["summary"] in text
    assert "Account: @maya.live" in text
    assert "Hi there" in text  # the message as the fan will see it, in words
    assert "<b>there</b>" in html  # and rendered as the approval page renders it
    assert "Estimated recipients: 1" in text
    assert "Price: none" in text
    assert "Check this:" in text  # the fan is not in synced data: the page's warning
    # The one link is the approval page, which asks for sign-in; no link decides anything.
    assert f"http://countersign.test/dashboard/actions/{action['id']}" in text
    assert "approve" not in html.split("href=")[1].split(">")[0]
    assert mail.mail_from == "cs@test"
    # A second round sends nothing new.
    await send_round(store, clock, mail_settings)
    assert len(mailbox.messages) == 3


async def test_chosen_accounts_only(client, store, clock, team, mailbox, mail_settings):
    world, _ = team
    await create(client, world, "m2", account="40002")
    await send_round(store, clock, mail_settings)
    assert "other@agency.test" in {r for m in mailbox.messages for r in m.rcpt_to}
    assert not mailbox.to("quiet@agency.test")


async def test_test_mode_mails_are_marked(client, store, clock, team, mailbox, mail_settings):
    world, _ = team
    sandbox = world.sandbox_accounts[0]
    await create(client, world, "t1", token=world.test_key, account=sandbox)
    await send_round(store, clock, mail_settings)
    mail = mailbox.to("owner@agency.test")[0]
    assert mail.subject.startswith("[TEST] ")
    assert mail.message["X-Countersign-Mode"] == "test"
    assert mail.text().startswith("TEST MODE")


async def test_digest_goes_out_once_its_window_closes(
    client, store, clock, team, mailbox, mail_settings
):
    world, people = team
    await save_preference(
        store,
        clock.now(),
        people["keen@agency.test"],
        new_approvals="digest",
        digest_minutes=30,
        accounts=None,
        reminder_minutes=None,
    )
    first = await create(client, world, "d1")
    await send_round(store, clock, mail_settings)
    clock.advance(minutes=10)
    second = await create(client, world, "d2")
    await send_round(store, clock, mail_settings)
    clock.advance(minutes=19, seconds=59)
    await send_round(store, clock, mail_settings)
    assert not mailbox.to("keen@agency.test")  # 29:59 after the first: not yet
    clock.advance(seconds=1)
    await send_round(store, clock, mail_settings)
    digests = mailbox.to("keen@agency.test")
    assert len(digests) == 1
    assert digests[0].subject == "2 approvals waiting in Agency"
    text = digests[0].text()
    assert first["id"] in text and second["id"] in text
    clock.advance(minutes=30)
    await send_round(store, clock, mail_settings)
    assert len(mailbox.to("keen@agency.test")) == 1  # folded once


async def test_reminder_comes_two_hours_before_expiry_if_still_pending(
    client, store, clock, team, mailbox, mail_settings
):
    world, _ = team
    waiting = await create(client, world, "r1")
    decided = await create(client, world, "r2", {**MESSAGE, "params": {"fanId": "9", "text": "x"}})
    await send_round(store, clock, mail_settings)
    before = len(mailbox.to("owner@agency.test"))
    assert before == 2  # the two new approvals
    await decide_action(
        store,
        clock,
        world.owner,
        decided["id"],
        approve=False,
        note=None,
        wake_executor=lambda: None,
    )
    clock.advance(hours=21, minutes=59)
    await send_round(store, clock, mail_settings)
    assert len(mailbox.to("owner@agency.test")) == before
    clock.advance(minutes=1)  # 22 h after creation: 2 h before the 24-h expiry
    await send_round(store, clock, mail_settings)
    reminders = mailbox.to("owner@agency.test")[before:]
    assert len(reminders) == 1  # the decided one is skipped
    assert reminders[0].subject.startswith("Expires in 2 h 00 min")
    assert waiting["id"] in reminders[0].text()
    # keen asked for each approval but no reminder
    keen = [m.subject for m in mailbox.to("keen@agency.test")]
    assert len(keen) == 2 and all(s.startswith("Approval needed") for s in keen), keen


async def test_a_refusing_server_is_retried_with_one_attempt_row_each(
    client, store, clock, team, mailbox, mail_settings
):
    world, people = team
    for person in ("admin@agency.test", "keen@agency.test"):
        await save_preference(
            store,
            clock.now(),
            people[person],
            new_approvals="off",
            digest_minutes=60,
            accounts=None,
            reminder_minutes=None,
        )
    await save_preference(
        store,
        clock.now(),
        world.owner,
        new_approvals="each",
        digest_minutes=60,
        accounts=None,
        reminder_minutes=None,
    )
    await create(client, world, "f1")
    mailbox.refuse_next = 2
    await send_round(store, clock, mail_settings)
    assert not mailbox.messages
    async with store.reading() as uow:
        (mail,) = await uow.mails.list(world.workspace_id)
    assert (mail.status, mail.attempts) == ("pending", 1)
    assert mail.next_attempt_at == clock.now() + dt.timedelta(minutes=1)
    await send_round(store, clock, mail_settings)
    assert not mailbox.messages  # not due yet
    clock.advance(minutes=1)
    await send_round(store, clock, mail_settings)
    assert not mailbox.messages  # the second refusal
    clock.advance(minutes=5)
    await send_round(store, clock, mail_settings)
    assert len(mailbox.messages) == 1
    async with store.reading() as uow:
        (mail,) = await uow.mails.list(world.workspace_id)
        attempts = await uow.mails.attempts(mail.id)
    assert (mail.status, mail.attempts) == ("sent", 3)
    assert [a.outcome for a in attempts] == ["retry", "retry", "sent"]
    assert "451" in (attempts[0].error or "")


async def test_a_final_refusal_fails_at_once(client, store, clock, team, mailbox, mail_settings):
    world, _ = team
    await create(client, world, "f2")
    mailbox.refuse_next = 100
    mailbox.refusal = "550 5.1.1 No such mailbox"
    await send_round(store, clock, mail_settings)
    async with store.reading() as uow:
        mails = [m for m in await uow.mails.list(world.workspace_id) if m.kind == "approval"]
    assert {(m.status, m.attempts) for m in mails} == {("failed", 1)}


async def test_two_mailers_never_send_a_mail_twice(
    client, store, clock, team, mailbox, mail_settings
):
    world, _ = team
    for i in range(15):
        await create(
            client, world, f"two{i}", {**MESSAGE, "params": {"fanId": str(i), "text": "x"}}
        )
    await dispatch_all(store, clock, also=[queue_mails])
    first = Mailer(store, clock, mail_settings, batch=4)
    second = Mailer(store, clock, mail_settings, batch=4)
    await asyncio.gather(first.run_once(), second.run_once())
    keys = [(m.rcpt_to[0], m.subject) for m in mailbox.messages]
    assert len(keys) == 15 * 3
    assert len(set(keys)) == len(keys)


async def test_no_mail_without_an_smtp_server(client, store, clock, team, settings):
    world, _ = team
    assert settings.smtp_url is None
    with pytest.raises(ValueError, match="COUNTERSIGN_SMTP_URL"):
        Mailer(store, clock, settings)
    await create(client, world, "none")
    await dispatch_all(store, clock)  # the deliverer without mail: what serve runs then
    async with store.reading() as uow:
        assert not await uow.mails.list(world.workspace_id)


@contextlib.asynccontextmanager
async def black_hole():
    """An SMTP server that accepts connections and never says a word."""
    held: list[asyncio.StreamWriter] = []

    async def swallow(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        held.append(writer)
        await reader.read()

    server = await asyncio.start_server(swallow, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    try:
        yield f"smtp://127.0.0.1:{port}"
    finally:
        for writer in held:
            writer.close()
        server.close()


async def test_a_silent_smtp_server_delays_no_webhook(client, store, clock, team, settings):
    world, _ = team
    box = SecretBox("test-secret")
    receiver = Receiver(clock=lambda: clock.now().timestamp())
    with run_receiver_in_thread(receiver) as receiver_url:
        endpoint = await add_event_endpoint(
            store, clock, world.owner, receiver_url + "/events", box=box, allow_loopback=True
        )
        receiver.set_secrets([current_secret(endpoint, box)])
        async with black_hole() as smtp_url:
            http_client = client
            mail_settings = attrs.evolve(settings, smtp_url=smtp_url, mail_timeout=60.0)
            mailer = Mailer(store, clock, mail_settings, idle_seconds=0.05)
            async with contextlib.AsyncExitStack() as stack:
                import httpx

                http = await stack.enter_async_context(httpx.AsyncClient())
                deliverer = Deliverer(
                    store,
                    clock,
                    loopback_sender(http, box),
                    also=[queue_mails],
                    idle_seconds=0.05,
                )
                tasks = [
                    asyncio.create_task(mailer.run_forever()),
                    asyncio.create_task(deliverer.run_forever()),
                ]
                try:
                    action = await create(http_client, world, "hole")
                    arrived = await asyncio.to_thread(receiver.wait_for, 1, 20.0)
                    assert arrived[0].event == "action.created"
                    # The webhook arrived while every mail is still stuck in the silent server.
                    async with store.reading() as uow:
                        mails = await uow.mails.list(world.workspace_id)
                    assert mails and all(m.sent_at is None for m in mails)
                    assert action["id"] in {a for m in mails for a in m.action_ids}
                finally:
                    for task in tasks:
                        task.cancel()
                    await asyncio.gather(*tasks, return_exceptions=True)


async def test_a_username_with_line_breaks_cannot_add_a_header_or_stop_the_mail(
    client, store, clock, team, mailbox, mail_settings
):
    """A creator's platform username is the platform's text: CR/LF in it once made every
    approval mail about the account fail to be written, and retried for ever."""
    world, _ = team
    await add_live_account(
        store, clock, world.workspace_id, "40009", "mia\r\nBcc: attacker@evil.test"
    )
    await create(client, world, "crlf1", account="40009")
    await send_round(store, clock, mail_settings)
    mail = mailbox.to("owner@agency.test")[0]
    assert mail.subject.startswith("Approval needed for @mia Bcc: attacker@evil.test")
    assert mail.message["Bcc"] is None
    assert b"\r\nBcc:" not in mail.raw.split(b"\r\n\r\n", 1)[0]
    assert "attacker@evil.test" not in {r for m in mailbox.messages for r in m.rcpt_to}


async def test_a_mail_that_cannot_be_written_is_recorded_failed_at_once(
    client, store, clock, team, mailbox, mail_settings
):
    world, _ = team
    await create(client, world, "crlf2")
    await dispatch_all(store, clock, also=[queue_mails])
    async with store.transaction() as uow:
        await uow.conn.execute(
            sa.update(t.mails)
            .where(t.mails.c.to_address == "owner@agency.test")
            .values(to_address="owner@agency.test\r\nBcc: attacker@evil.test")
        )
    await Mailer(store, clock, mail_settings).run_once()
    async with store.reading() as uow:
        mails = await uow.mails.list(world.workspace_id)
    broken = [
        m
        for m in mails
        if m.to_address.startswith("owner@agency.test\r\n") and m.kind == "approval"
    ]
    assert [(m.status, m.attempts) for m in broken] == [("failed", 0)]
    assert "could not be written" in (broken[0].last_error or "")
    assert {r for m in mailbox.messages for r in m.rcpt_to} == {
        "admin@agency.test",
        "keen@agency.test",
    }
    clock.advance(minutes=30)
    await Mailer(store, clock, mail_settings).run_once()  # nothing is tried again
    assert len(mailbox.messages) == 2


async def test_mails_name_the_fan_by_its_synced_name(
    client, store, clock, team, mailbox, mail_settings
):
    world, _ = team
    sandbox = world.sandbox_accounts[0]
    auth = world.auth(world.test_key)
    fan = (await client.get(f"/v1/accounts/{sandbox}/fans?limit=1", headers=auth)).json()["data"][0]
    body = {"type": "send_message", "params": {"fanId": fan["id"], "text": "<p>Hi</p>"}}
    made = await create(client, world, "named", body, token=world.test_key, account=sandbox)
    await send_round(store, clock, mail_settings)
    mail = mailbox.to("owner@agency.test")[0]
    label = f"{fan['name']} (@{fan['username']})" if fan["name"] else f"@{fan['username']}"
    assert made["summary"].startswith("Send a message") and f"fan {label}:" in made["summary"]
    assert f"fan {label}" in mail.subject and made["summary"] in mail.text()
