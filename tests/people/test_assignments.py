"""A member assigned to some accounts sees and decides only those, in every channel the
dashboard session reaches (pages, its JSON, `/v1` decisions, the audit log), and anything
else is `404` exactly as another workspace's; an owner sees all; a change of assignment takes
effect on the next request. Both drivers, in process."""

from __future__ import annotations

from service.domain.principal import Principal
from service.people.assignments import assign
from service.workspaces.usecases import create_user
from tests.dashboard.dashboard_helpers import create_action, csrf_of, sign_in
from tests.factories import PASSWORDS, add_live_account, build_world

CHATTER, PASSWORD = "chatter@agency.test", "chatter-password"


async def test_a_member_sees_and_decides_only_their_accounts(client, store, clock):
    world = await build_world(store, clock)
    operator = Principal.operator(world.workspace_id)
    await add_live_account(store, clock, world.workspace_id, "40002", "other.creator")
    chatter = await create_user(
        store, clock, operator, CHATTER, "Chet", PASSWORD, "member", passwords=PASSWORDS
    )
    await assign(store, clock, operator, chatter.id, [world.live_account])
    mine = await create_action(client, world, "a1")
    theirs = await create_action(client, world, "b1", account="40002")

    await sign_in(client, CHATTER, PASSWORD)
    inbox = (await client.get("/dashboard/approvals")).text
    assert mine["id"] in inbox and theirs["id"] not in inbox
    assert "other.creator" not in inbox  # not even the account's name in the filters
    accounts = (await client.get("/dashboard/accounts")).text
    assert "maya.live" in accounts and "other.creator" not in accounts
    assert (await client.get(f"/dashboard/accounts/{world.live_account}/activity")).is_success

    # Another account's action, its activity and its decision: 404 as another workspace's.
    page = await client.get(f"/dashboard/actions/{theirs['id']}")
    assert page.status_code == 404 and "action_not_found" in page.text
    stranger = await client.get("/dashboard/actions/act_nosuchaction")
    assert stranger.status_code == 404
    polled = await client.get(f"/dashboard/api/actions/{theirs['id']}")
    assert polled.status_code == 404 and polled.json()["error"]["code"] == "action_not_found"
    activity = await client.get("/dashboard/accounts/40002/activity")
    assert activity.status_code == 404 and "account_not_found" in activity.text
    csrf = await csrf_of(client)
    refused = await client.post(
        f"/v1/actions/{theirs['id']}/approve", json={}, headers={"x-csrf-token": csrf}
    )
    assert refused.status_code == 404 and refused.json()["error"]["code"] == "action_not_found"
    cancelled = await client.post(
        f"/v1/actions/{theirs['id']}/cancel", json={}, headers={"x-csrf-token": csrf}
    )
    assert cancelled.status_code == 404
    batch = await client.post(
        "/dashboard/approvals/decide",
        data={"csrf_token": csrf, "actionId": theirs["id"], "decision": "reject"},
    )
    assert "action_not_found" in batch.text

    # Their own account's action they decide as any member would.
    approved = await client.post(
        f"/v1/actions/{mine['id']}/approve", json={}, headers={"x-csrf-token": csrf}
    )
    assert approved.status_code == 200, approved.text
    audit = (await client.get("/dashboard/audit")).text
    assert mine["id"] in audit and "member.assigned" not in audit

    # One tap in the header: off shift, and the People page says so.
    tapped = await client.post(
        "/dashboard/shift", data={"csrf_token": csrf, "shift": "off", "next": "/dashboard/members"}
    )
    assert tapped.status_code == 303
    async with store.reading() as uow:
        assert (await uow.members.get(world.workspace_id, chatter.id)).shift == "off"

    # Assigned to all: the next request shows the other account's action.
    await assign(store, clock, operator, chatter.id, None)
    assert theirs["id"] in (await client.get("/dashboard/approvals?status=all")).text
    assert (await client.get(f"/dashboard/actions/{theirs['id']}")).status_code == 200

    # The owner sees both, assigns the chatter on the People page, and reads what each
    # member decided on the Activity page, filtered by member.
    client.cookies.clear()
    await sign_in(client)
    inbox = (await client.get("/dashboard/approvals?status=all")).text
    assert mine["id"] in inbox and theirs["id"] in inbox
    csrf = await csrf_of(client, "/dashboard/members")
    saved = await client.post(
        f"/dashboard/members/{chatter.id}/accounts",
        data={"csrf_token": csrf, "scope": "chosen", "accounts": "40002"},
    )
    assert saved.status_code == 303
    people = (await client.get("/dashboard/members")).text
    row = people.split(f'data-user-id="{chatter.id}"')[1].split("</tr>")[0]
    assert "@other.creator" in row and "Away" in row
    activity = await client.get(
        f"/dashboard/accounts/{world.live_account}/activity", params={"member": CHATTER}
    )
    mine_only = activity.text.split('id="by-member"')[1]
    assert f'data-member="{CHATTER}"' in mine_only and "1 decision," in mine_only
    assert 'data-member="owner@agency.test"' not in mine_only
