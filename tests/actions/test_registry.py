"""Action types are registrations: the registry agrees with openapi.yaml, and a new type is one
entry (plus its schema) that creation, warnings, approval, the executor and the platform call
all pick up with no other change."""

from __future__ import annotations

import jsonschema
import pytest

from service.actions import types
from service.actions.creation import create_action
from service.actions.types import ActionType, PlatformCall
from service.http.auth import principal_for_key
from service.runtime.runner import executor_for
from tests.execution.test_executor import approve, creator
from tests.openapi_kit import spec  # noqa: F401 (a fixture)


def test_the_registry_is_the_documented_set_of_types(spec):  # noqa: F811
    schemas = spec["components"]["schemas"]
    assert list(types.names()) == schemas["ActionType"]["enum"]
    for kind in types.REGISTRY.values():
        assert kind.params_schema in schemas, kind.name
        assert all(name in schemas for name in kind.result_schemas), kind.name


# The throwaway sixth type: one entry and its schema, nothing else in the service changes.
ADD_FANS_TO_LIST_PARAMS = {
    "type": "object",
    "additionalProperties": False,
    "required": ["listId", "fanIds"],
    "properties": {
        "listId": {"type": "string"},
        "fanIds": {"type": "array", "items": {"type": "string"}, "minItems": 1},
    },
}

ADD_FANS_TO_LIST = ActionType(
    name="add_fans_to_list",
    params_schema="AddFansToListParams",
    result_schemas=("AddFansToListResult",),
    summary=lambda p, at, n, _names: f"Add {n} fans to {at}'s list {p['listId']}.",
    call=lambda p: PlatformCall(
        "POST /lists/:id/users", {"id": p["listId"]}, {"userIds": list(p["fanIds"])}
    ),
    result=lambda p, made: {"listId": p["listId"], "fanIds": p["fanIds"], "inList": True},
    estimate=lambda p: len(p["fanIds"]),
    fans=lambda p: [(f"fanIds[{i}]", f) for i, f in enumerate(p["fanIds"])],
    lists=lambda p: [("listId", p["listId"])],
)


@pytest.fixture
def sixth_type():
    types.register(ADD_FANS_TO_LIST)
    try:
        yield ADD_FANS_TO_LIST
    finally:
        del types.REGISTRY[ADD_FANS_TO_LIST.name]


async def test_a_sixth_type_is_one_registry_entry(linked, sixth_type):
    services, world = linked.services, linked.world
    fans, list_id = list(creator(linked).fans)[:2], next(iter(creator(linked).lists))
    key = await principal_for_key(services.store, services.clock, world.live_key)

    async def create(params, idempotency_key):
        jsonschema.validate(params, ADD_FANS_TO_LIST_PARAMS)
        created = await create_action(
            services.store,
            services.clock,
            key,
            linked.creator_id,
            idempotency_key,
            sixth_type.name,
            params,
        )
        return created.action

    action = await create({"listId": list_id, "fanIds": fans}, "sixth-1")
    assert action.status == "pending" and action.estimated_recipients == 2
    assert action.summary == f"Add 2 fans to @{creator(linked).username}'s list {list_id}."
    # The entry's `fans` facts drive the warnings: these fans are not in the (empty) last sync.
    assert [(w["code"], w["param"]) for w in action.warnings] == [
        ("fan_not_found", "fanIds[0]"),
        ("fan_not_found", "fanIds[1]"),
    ]
    await approve(linked, action.id)
    assert await executor_for(services).run_once() == 1
    async with services.store.reading() as uow:
        done = await uow.actions.get(world.workspace_id, action.id)
    assert done.status == "executed", done.error
    assert done.result == {"listId": list_id, "fanIds": fans, "inList": True}
    [write] = linked.writes()
    assert write["route"] == "POST /lists/:id/users"
    assert set(fans) <= set(creator(linked).lists[list_id].user_ids)
