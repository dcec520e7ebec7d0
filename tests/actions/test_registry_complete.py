"""A registered action type is complete, or this fails naming what it lacks: its description,
routes (catalogued writes, each answered by the sandbox), approval page context, params and
result schemas in openapi.yaml (the request's discriminator, the stored params, the results),
a summary and a result that fit their schemas, and what its write changes in the synced chats.
The catalogue's every write has a type, and the docs table is the registry's."""

from __future__ import annotations

import datetime as dt
from typing import Any

import jsonschema
import pytest
from attrs import evolve

from service.actions import types_docs as action_types_docs
from service.actions.execution.write_routes import action_for, how_to_call, write_hint
from service.actions.model import Action
from service.actions.types import REGISTRY, ActionType, PlatformCall
from service.actions.types.registry import (
    NO_NAMES,
    SummaryNames,
    no_synced_context,
    performs,
    synced_change,
)
from service.http.spec import load_document
from service.platform.routes import ROUTES, TABLE
from service.platform.sandbox import answers_write
from service.synced.model import MessageSent, MessagesUnsent

DOCUMENT = load_document()
SCHEMAS = DOCUMENT.document["components"]["schemas"]


def _refs(schema_name: str, key: str) -> set[str]:
    return {o["$ref"].rsplit("/", 1)[1] for o in SCHEMAS[schema_name][key]}


def missing_parts(kind: ActionType) -> list[str]:
    """What `kind` lacks to be a complete type (empty when nothing)."""
    missing = []
    if not kind.description:
        missing.append("description")
    if not kind.label:
        missing.append("label")
    if kind.approval is None:
        missing.append("approval context")
    if not kind.performs:
        missing.append("routes")
    for route in kind.routes:
        found = ROUTES.get(route)
        if found is None or not found.is_write:
            missing.append(f"catalogued write {route}")
        elif action_for(found) is None or action_for(found).type != kind.name:
            missing.append(f"catalogue mapping of {route}")
        if not answers_write(route):
            missing.append(f"sandbox answer for {route}")
    params = SCHEMAS.get(kind.params_schema)
    if params is None or params.get("additionalProperties") is not False:
        missing.append(f"closed params schema {kind.params_schema}")
    mapping = SCHEMAS["CreateActionRequest"]["discriminator"]["mapping"]
    if kind.name not in mapping or kind.name not in SCHEMAS["ActionType"]["enum"]:
        missing.append("request schema in CreateActionRequest and ActionType")
    stored = _refs("ActionParams", "anyOf")
    if kind.params_schema not in stored and f"Sent{kind.params_schema}" not in stored:
        missing.append("stored params in ActionParams")
    for name in kind.result_schemas:
        if name not in SCHEMAS or name not in _refs("ActionResult", "oneOf"):
            missing.append(f"result schema {name} in ActionResult")
    if params is not None and not missing:
        example = params["examples"][0]
        summary = kind.summary(example, "@mia", 1, NO_NAMES)
        if not isinstance(summary, str) or not summary.endswith("."):
            missing.append("a summary sentence")
        call = kind.call(example)
        if call.route not in kind.routes:
            missing.append(f"call route {call.route} among its routes")
        result = kind.result(example, "3301")
        validators = [DOCUMENT.validator("components", "schemas", n) for n in kind.result_schemas]
        if not any(v.is_valid(result) for v in validators):
            missing.append("a result that fits its schema")
        try:
            change = kind.synced_effect(example, result)
        except (KeyError, TypeError, ValueError):
            change = "broken"
        if change is not None and not isinstance(change, MessageSent | MessagesUnsent):
            missing.append("a synced effect from its params and result")
    return missing


@pytest.mark.parametrize("name", list(REGISTRY))
def test_every_registered_type_is_complete(name):
    assert missing_parts(REGISTRY[name]) == []


def test_a_type_lacking_parts_is_caught():
    bare = ActionType(
        name="archive_chat",
        params_schema="ArchiveChatParams",
        result_schemas=("ArchiveChatResult",),
        summary=lambda p, at, _, n: "Archive.",
        call=lambda p: PlatformCall("POST /chats/:id/archive", {"id": p["fanId"]}),
        result=lambda p, made: {},
        performs=(performs("POST /chats/:id/archive", ("fanId", "path id")),),
    )
    assert missing_parts(bare) == [
        "description",
        "label",
        "approval context",
        "catalogued write POST /chats/:id/archive",
        "sandbox answer for POST /chats/:id/archive",
        "closed params schema ArchiveChatParams",
        "request schema in CreateActionRequest and ActionType",
        "stored params in ActionParams",
        "result schema ArchiveChatResult in ActionResult",
    ]
    described = ActionType(
        name="mark_chat_read",
        params_schema="MarkChatReadParams",
        result_schemas=("MarkChatReadResult",),
        summary=lambda p, at, _, n: "Read",
        call=lambda p: PlatformCall("POST /chats/:id/mark-as-read", {"id": p["fanId"]}),
        result=lambda p, made: {"read": "yes"},
        description="Marks a chat read.",
        label="Mark a chat as read",
        performs=REGISTRY["mark_chat_read"].performs,
        approval=no_synced_context,
        synced_effect=lambda p, result: MessagesUnsent(message_id=p["messageId"]),
    )
    assert missing_parts(described) == [
        "a summary sentence",
        "a result that fits its schema",
        "a synced effect from its params and result",
    ]


CHAT_MESSAGE_WRITES = {
    "POST /chats/:id/messages": MessageSent,
    "DELETE /messages/:id": MessagesUnsent,
    "DELETE /messages/queue/:id": MessagesUnsent,
}
"""The writes that add a message to a chat or remove one (or every copy of a mass message)."""


def executed(kind: ActionType, params: dict[str, Any], result: dict[str, Any]) -> Action:
    at = dt.datetime(2026, 11, 25, 9, tzinfo=dt.UTC)
    return Action(
        id="act_1",
        workspace_id="ws_1",
        account_id="acc_1",
        mode="live",
        type=kind.name,
        status="executed",
        params=params,
        summary="",
        estimated_recipients=1,
        price=None,
        requested_by={},
        idempotency_key="k",
        fingerprint="f",
        created_at=at,
        expires_at=at,
        result=result,
    )


@pytest.mark.parametrize("name", list(REGISTRY))
def test_a_write_that_adds_or_removes_a_chat_message_says_what_it_changes_in_the_synced_chats(
    name,
):
    """Its type's `synced_effect`, so the synced chats show it at once; any other write changes
    nothing there, and a test-mode write (it reached nothing) never does."""
    kind = REGISTRY[name]
    for example in SCHEMAS[kind.params_schema]["examples"]:
        result = kind.result(example, "3301")
        action = executed(kind, example, result)
        expected = CHAT_MESSAGE_WRITES.get(kind.call(example).route)
        change = synced_change(action, result)
        assert (change is None) if expected is None else isinstance(change, expected), change
        assert (
            synced_change(evolve(action, result={"simulated": True}), {"simulated": True}) is None
        )


def test_an_unsent_message_or_mass_message_is_removed_by_its_id():
    unsend = REGISTRY["unsend_message"]
    one = {"messageId": "771234", "fanId": "90210017"}
    every_copy = {"messageId": "880001"}
    assert unsend.synced_effect(one, unsend.result(one, None)) == MessagesUnsent("771234")
    assert unsend.synced_effect(every_copy, unsend.result(every_copy, None)) == MessagesUnsent(
        mass_message_id="880001"
    )
    send = REGISTRY["send_message"]
    params = {"fanId": "90210017", "text": "<p>Hi</p>", "priceCents": 500, "mediaIds": ["7"]}
    assert send.synced_effect(params, send.result(params, "3301")) == MessageSent(
        "90210017", "3301", "<p>Hi</p>", 500, ("7",)
    )
    assert send.synced_effect(params, send.result(params, None)) is None  # no id came back


def test_every_catalogued_write_is_performed_by_a_type():
    writes = [r for r in TABLE if r.is_write]
    performed = {route for kind in REGISTRY.values() for route in kind.routes}
    assert {r.name for r in writes} == performed
    for found in writes:
        action = action_for(found)
        assert action is not None and action.type in REGISTRY, found.name
        assert f"`{action.type}`" in how_to_call(found)
        assert "Not available" not in how_to_call(found)
        path = found.template.replace(":id", "1").replace(":userId", "2")
        assert f"`{action.type}`" in write_hint(found.method, path), found.name


def test_the_docs_table_is_the_registry():
    committed = action_types_docs.PAGE.read_text()
    assert committed == action_types_docs.render(DOCUMENT), (
        "docs/action-types.md is stale: run `python -m service.actions.types_docs`"
    )
    for kind in REGISTRY.values():
        assert f"| `{kind.name}` |" in committed


def test_every_types_param_example_is_valid_and_its_summary_names_the_creator():
    for kind in REGISTRY.values():
        example: dict[str, Any] = SCHEMAS[kind.params_schema]["examples"][0]
        jsonschema.validate(example, DOCUMENT.inline(SCHEMAS[kind.params_schema]))
        assert "@mia" in kind.summary(example, "@mia", 1, NO_NAMES), kind.name


NAMES = SummaryNames(
    fans={"90210017": "Toby J. (@tobyjensen14)"},
    fan_lists={"1001": "VIP", "1002": "Lapsed"},
    vault_lists={"3301": "Beach set"},
    creators={"50001": "@sunnyside"},
)
NAMED = {  # what each type's example names, and how its summary must name each
    "send_message": ["fan Toby J. (@tobyjensen14)"],
    "send_mass_message": ['(list "VIP")', 'leaving out list "Lapsed"'],
    "unsend_message": ["chat with fan Toby J. (@tobyjensen14)"],
    "add_fan_to_list": ["fan Toby J. (@tobyjensen14)", 'list "VIP"'],
    "remove_fan_from_list": ["fan Toby J. (@tobyjensen14)", 'list "VIP"'],
    "mark_chat_read": ["fan Toby J. (@tobyjensen14)"],
    "rename_vault_list": ['vault list "Beach set"'],
    "delete_vault_list": ['vault list "Beach set"'],
    "add_media_to_vault_list": ['vault list "Beach set"'],
    "remove_media_from_vault_list": ['vault list "Beach set"'],
    "subscribe_to_user": ["creator @sunnyside"],
    "unsubscribe_from_user": ["creator @sunnyside"],
}


@pytest.mark.parametrize("name", list(REGISTRY))
def test_every_types_summary_names_fans_lists_and_creators(name):
    """By synced name when there is one (no id left), by id when there is none."""
    kind = REGISTRY[name]
    example: dict[str, Any] = SCHEMAS[kind.params_schema]["examples"][0]
    named, bare = (
        kind.summary(example, "@mia", 1, NAMES),
        kind.summary(example, "@mia", 1, NO_NAMES),
    )
    for shown in NAMED.get(name, []):
        assert shown in named, (name, named)
    ids = [*NAMES.fans, *NAMES.fan_lists, *NAMES.vault_lists, *NAMES.creators]
    assert not [i for i in ids if i in named], named
    assert [i for i in ids if i in bare] if name in NAMED else named == bare
