"""The mail tests' world: a real SMTP server (aiosmtpd), settings that send to it, and a team
whose members chose different mail."""

from __future__ import annotations

import attrs
import pytest

from harness.mailbox import Mailbox
from service.domain.principal import Principal
from service.mail.notifications import save_preference
from service.workspaces.usecases import create_user
from tests.factories import PASSWORDS, add_live_account, build_world


@pytest.fixture
def mailbox():
    with Mailbox() as box:
        yield box


@pytest.fixture
def mail_settings(settings, mailbox):
    return attrs.evolve(settings, smtp_url=mailbox.url, mail_from="Countersign <cs@test>")


@pytest.fixture
async def team(store, clock):
    """The owner (default: each + reminder), an admin (default too), and three members: one
    opted in for everything, one left at the default (nothing), one only for another account."""
    world = await build_world(store, clock)
    operator = Principal.operator(world.workspace_id)
    people = {}
    for email, role in (
        ("admin@agency.test", "admin"),
        ("keen@agency.test", "member"),
        ("quiet@agency.test", "member"),
        ("other@agency.test", "member"),
    ):
        user = await create_user(
            store,
            clock,
            operator,
            email,
            email.split("@")[0],
            "pw-123456789",
            role,
            passwords=PASSWORDS,
        )
        people[email] = Principal.person(world.workspace_id, user, role)
    await add_live_account(store, clock, world.workspace_id, "40002", "other.creator")
    await save_preference(
        store,
        clock.now(),
        people["keen@agency.test"],
        new_approvals="each",
        digest_minutes=60,
        accounts=None,
        reminder_minutes=None,
    )
    await save_preference(
        store,
        clock.now(),
        people["other@agency.test"],
        new_approvals="each",
        digest_minutes=60,
        accounts=["40002"],
        reminder_minutes=None,
    )
    return world, people
