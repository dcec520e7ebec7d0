"""Routing a new action (service/people/routing.py): mail reaches only the members who can
decide it and are on shift; with nobody on shift, the owners and admins at once. What it was
routed to is kept on the action. Real SMTP server, both drivers."""

from __future__ import annotations

from service.domain.principal import Principal
from service.mail.mailer import Mailer
from service.mail.notifications import queue_mails, save_preference
from service.people.assignments import assign, set_shift
from service.people.routing import route_created
from service.webhooks.dispatch import dispatch_all
from tests.mail.kit import create


async def send(store, clock, mail_settings) -> None:
    """One round as the service runs it: the dispatcher's fan-outs, then the mailer."""
    await dispatch_all(store, clock, also=[route_created, queue_mails])
    await Mailer(store, clock, mail_settings).run_once()


async def _everyone(store, world) -> dict[str, str]:
    async with store.reading() as uow:
        return {m.email: m.user_id for m in await uow.members.list(world.workspace_id)}


async def test_off_shift_members_hear_nothing_and_nobody_on_shift_goes_to_admins(
    client, store, clock, team, mailbox, mail_settings
):
    world, people = team
    ids = await _everyone(store, world)
    operator = Principal.operator(world.workspace_id)
    # `quiet` (default preference) assigned to the creator hears of each of its actions;
    # `keen` is assigned elsewhere and `other` chose the other account.
    await assign(store, clock, operator, ids["quiet@agency.test"], [world.live_account])
    await assign(store, clock, operator, ids["keen@agency.test"], ["40002"])
    await create(client, world, "r1")
    await send(store, clock, mail_settings)
    assert sorted(r for m in mailbox.messages for r in m.rcpt_to) == [
        "admin@agency.test",
        "owner@agency.test",
        "quiet@agency.test",
    ]

    # Reassigned between the mail's writing and its sending: it is not sent to them.
    mailbox.messages.clear()
    await create(client, world, "r1b")
    await dispatch_all(store, clock, also=[route_created, queue_mails])
    await assign(store, clock, operator, ids["quiet@agency.test"], ["40002"])
    await Mailer(store, clock, mail_settings).run_once()
    assert "quiet@agency.test" not in [r for m in mailbox.messages for r in m.rcpt_to]
    await assign(store, clock, operator, ids["quiet@agency.test"], [world.live_account])

    # `quiet` taps off shift: the next action does not reach them.
    mailbox.messages.clear()
    await set_shift(store, clock, people["quiet@agency.test"], ids["quiet@agency.test"], "off")
    await create(client, world, "r2")
    await send(store, clock, mail_settings)
    assert sorted(r for m in mailbox.messages for r in m.rcpt_to) == [
        "admin@agency.test",
        "owner@agency.test",
    ]

    # Nobody who can decide is on shift (the owner and admin are away too, and the admin
    # asked for digests): the owners and admins get it at once all the same.
    mailbox.messages.clear()
    for email in ids:
        await set_shift(store, clock, operator, ids[email], "off")
    await save_preference(
        store,
        clock.now(),
        people["admin@agency.test"],
        new_approvals="digest",
        digest_minutes=60,
        accounts=None,
        reminder_minutes=None,
    )
    made = await create(client, world, "r3")
    await send(store, clock, mail_settings)
    assert sorted(r for m in mailbox.messages for r in m.rcpt_to) == [
        "admin@agency.test",
        "owner@agency.test",
    ]
    async with store.reading() as uow:
        routed = (await uow.actions.get(world.workspace_id, made["id"])).routed_to
    assert routed["fallback"] is True
    assert sorted(r["email"] for r in routed["to"]) == ["admin@agency.test", "owner@agency.test"]

    # The action page names them and says why.
    page = await _owner_page(client, made["id"])
    assert "nobody who can decide it was on shift" in page


async def _owner_page(client, action_id: str) -> str:
    from tests.dashboard.dashboard_helpers import sign_in

    await sign_in(client)
    response = await client.get(f"/dashboard/actions/{action_id}")
    assert response.status_code == 200
    return response.text
