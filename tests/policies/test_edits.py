"""Edit before approve: only narrower than asked, normalised as at creation, run
exactly as approved on the fake platform over real HTTP; the quorum starts again."""

from __future__ import annotations

import pytest

from service.domain.messages import platform_html
from service.errors.api_error import ApiError
from service.runtime.runner import executor_for
from tests.dashboard.dashboard_helpers import csrf_of, sign_in
from tests.execution.test_executor import a_fan, create, creator
from tests.policies.kit import decide, people, set_policy


def fans_of(linked, n):
    return list(creator(linked).fans)[:n]


async def run(linked, action_id):
    await executor_for(linked.services).run_once()
    response = await linked.client.get(f"/v1/actions/{action_id}", headers=linked.world.auth())
    return response.json()["data"]


async def test_edit_text_price_and_media_then_run_exactly_that(linked):
    fan = a_fan(linked)
    media = list(creator(linked).media)[:2]
    asked = {"fanId": fan, "text": "Helo there", "priceCents": 900, "mediaIds": media}
    action = await create(linked, {"type": "send_message", "params": asked}, "e1")
    await sign_in(linked.client)
    csrf = await csrf_of(linked.client)
    edited = {"fanId": fan, "text": "Hello <b>there</b>", "priceCents": 500, "mediaIds": media[:1]}
    response = await linked.client.post(
        f"/v1/actions/{action['id']}/approve",
        json={"note": "fixed the typo", "params": edited},
        headers={"x-csrf-token": csrf},
    )
    assert response.status_code == 200, response.text
    body = response.json()["data"]
    assert body["status"] == "approved"
    assert body["params"] == {**edited, "text": platform_html("Hello <b>there</b>")}
    assert body["requestedParams"] == action["params"]
    assert body["editedBy"] == {"name": "Olive Owner", "email": "owner@agency.test"}
    assert body["editedAt"] == body["decidedAt"]
    assert body["price"] == {"amount": 500, "currency": "USD"}
    assert "$5.00 with 1 media item" in body["summary"] and "Hello there" in body["summary"]
    done = await run(linked, action["id"])
    assert done["status"] == "executed"
    [write] = linked.writes()
    assert write["body"]["text"] == body["params"]["text"]
    assert write["body"]["mediaFiles"] == media[:1] and write["body"]["price"] == 5.0
    # The executed action (and its event) carries the params that ran.
    assert done["params"] == body["params"]
    async with linked.services.store.reading() as uow:
        events = await uow.events.list(linked.world.workspace_id, limit=1000)
    [executed] = [e for e in events if e.type == "action.executed"]
    assert executed.data["params"] == body["params"]

    # An idempotent replay of the original request answers with this (edited) action.
    replay = await linked.client.post(
        f"/v1/accounts/{linked.creator_id}/actions",
        json={"type": "send_message", "params": asked},
        headers={**linked.world.auth(), "Idempotency-Key": "e1"},
    )
    assert replay.status_code == 202 and replay.headers["Idempotent-Replayed"] == "true"
    assert replay.json()["data"]["params"] == body["params"]


async def test_narrow_a_mass_message_audience(linked):
    fans = fans_of(linked, 3)
    lists = list(creator(linked).lists)[:2]
    asked = {
        "text": "<p>New set</p>",
        "audience": {"fanIds": fans, "listIds": lists},
    }
    action = await create(linked, {"type": "send_mass_message", "params": asked}, "m1")
    assert action["estimatedRecipients"] == 3
    narrowed = {
        "text": "<p>New set</p>",
        "audience": {"fanIds": fans[:2], "listIds": lists[:1], "excludeListIds": lists[1:]},
    }
    decided = await decide(
        linked.services.store,
        linked.services.clock,
        linked.world.owner,
        action["id"],
        params=narrowed,
    )
    assert decided.estimated_recipients == 2 and "about 2 fans" in decided.summary
    assert decided.params == narrowed and decided.requested_params == action["params"]
    await run(linked, action["id"])
    [write] = linked.writes()
    assert write["body"]["userIds"] == fans[:2]
    assert (
        write["body"]["userLists"] == lists[:1] and write["body"]["excludeUserLists"] == lists[1:]
    )


@pytest.mark.parametrize(
    ("change", "param"),
    [
        ({"priceCents": 901}, "params.priceCents"),
        ({"mediaIds": ["77777777"]}, "params.mediaIds[0]"),
        ({"fanId": "12345"}, "params.fanId"),
    ],
)
async def test_widening_a_message_is_refused(linked, change, param):
    asked = {"fanId": a_fan(linked), "text": "<p>Hi</p>", "priceCents": 900}
    action = await create(linked, {"type": "send_message", "params": asked}, "w1")
    store, clock = linked.services.store, linked.services.clock
    with pytest.raises(ApiError) as wider:
        await decide(store, clock, linked.world.owner, action["id"], params={**asked, **change})
    assert (wider.value.code, wider.value.param) == ("invalid_parameter", param)
    async with store.reading() as uow:
        stored = await uow.actions.get(linked.world.workspace_id, action["id"])
    assert stored.status == "pending" and stored.params == action["params"]
    assert stored.requested_params is None and stored.revision == 0


@pytest.mark.parametrize(
    ("audience", "param"),
    [
        ({"listIds": ["L1", "L2", "L3"]}, "params.audience.listIds[2]"),
        ({"listIds": ["L1", "L2"], "fanIds": ["9"]}, "params.audience.fanIds[0]"),
        ({"listIds": ["L1", "L2"]}, "params.audience.excludeListIds"),
    ],
)
async def test_widening_an_audience_is_refused(linked, audience, param):
    asked = {"text": "<p>Hi</p>", "audience": {"listIds": ["L1", "L2"], "excludeListIds": ["X"]}}
    action = await create(linked, {"type": "send_mass_message", "params": asked}, "w2")
    store, clock = linked.services.store, linked.services.clock
    with pytest.raises(ApiError) as wider:
        await decide(
            store, clock, linked.world.owner, action["id"], params={**asked, "audience": audience}
        )
    assert (wider.value.code, wider.value.param) == ("invalid_parameter", param)


async def test_warnings_are_recomputed(linked):
    asked = {"fanId": a_fan(linked), "text": "<p>Hi</p>", "priceCents": 500}
    action = await create(linked, {"type": "send_message", "params": asked}, "p1")
    assert "price_below_platform_minimum" not in [w["code"] for w in action["warnings"]]
    edited = await decide(
        linked.services.store,
        linked.services.clock,
        linked.world.owner,
        action["id"],
        params={**asked, "priceCents": 200},
    )
    assert "price_below_platform_minimum" in [w["code"] for w in edited.warnings]


async def test_an_edit_restarts_the_quorum(linked):
    store, clock, world = linked.services.store, linked.services.clock, linked.world
    crew = await people(store, clock, world)
    await set_policy(
        store,
        clock,
        world,
        [{"types": ["send_message"], "approvals": 2, "approvers": "members"}],
        account=linked.creator_id,
    )
    asked = {"fanId": a_fan(linked), "text": "<p>Hi</p>"}
    action = await create(linked, {"type": "send_message", "params": asked}, "q1")
    first = await decide(store, clock, crew["member"], action["id"])
    assert [a["email"] for a in first.approvals] == ["meg@agency.test"]
    edited = await decide(
        store, clock, crew["admin"], action["id"], params={**asked, "text": "Hi, and welcome"}
    )
    assert edited.status == "pending"
    assert [a["email"] for a in edited.approvals] == ["ada@agency.test"]  # Meg's no longer counts
    done = await decide(store, clock, crew["member"], action["id"])  # she approves what it is now
    assert done.status == "approved" and done.params["text"] == "<p>Hi, and welcome</p>"
    async with store.reading() as uow:
        edits = await uow.audit.list(world.workspace_id, action="action.edited")
    assert [e.target for e in edits] == [action["id"]]


async def test_unchanged_params_are_no_edit(linked):
    asked = {"fanId": a_fan(linked), "text": "<p>Hi</p>"}
    action = await create(linked, {"type": "send_message", "params": asked}, "u1")
    done = await decide(
        linked.services.store, linked.services.clock, linked.world.owner, action["id"], params=asked
    )
    assert done.status == "approved" and done.edited_at is None and done.requested_params is None
