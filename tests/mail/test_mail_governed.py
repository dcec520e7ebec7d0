"""Mail about actions a policy governs: one an allowance approved at creation asks nobody, and a
scheduled one says when it runs. Through a real SMTP server, both drivers."""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa

from service.actions.policies.policy_rule import parse_rules
from service.actions.policies.usecases import set_account_policy
from storage.sql import tables as t
from tests.mail.kit import MESSAGE, create, send_round


async def test_an_action_an_allowance_approved_writes_no_mail(
    client, store, clock, team, mailbox, mail_settings
):
    """Nobody is asked about it, so not even a mail row to skip later is written."""
    world, _ = team
    allowance = {"types": ["send_message"], "approvals": 0, "maxPerDay": 10}
    await set_account_policy(
        store, clock, world.owner, world.live_account, parse_rules([allowance])
    )
    approved = await create(client, world, "allowed")
    assert approved["status"] == "approved"
    sent_to_list = {"type": "add_fan_to_list", "params": {"fanId": "1", "listId": "2"}}
    waiting = await create(client, world, "waiting", body=sent_to_list)
    await send_round(store, clock, mail_settings)
    async with store.reading() as uow:
        listed = (await uow.conn.execute(sa.select(t.mails.c.action_ids))).scalars()
    mailed = {action_id for ids in listed for action_id in ids}
    assert mailed == {waiting["id"]}
    assert len(mailbox.messages) == 3


async def test_a_scheduled_action_mails_when_it_runs(
    client, store, clock, team, mailbox, mail_settings
):
    """The approver learns the action runs later, and that the decision is due by then."""
    world, _ = team
    runs = (clock.now() + dt.timedelta(days=3)).replace(hour=20, minute=0, second=0, microsecond=0)
    body = {**MESSAGE, "runAt": runs.isoformat()}
    await create(client, world, "scheduled", body)
    await send_round(store, clock, mail_settings)
    mail = mailbox.to("keen@agency.test")[0]
    shown = runs.strftime("%d %b %Y, %H:%M UTC")
    assert f"Runs at {shown}: approve before then" in mail.text()
    assert f"Runs at {shown}: approve before then" in mail.html()
    assert "Expires in" not in mail.text()
