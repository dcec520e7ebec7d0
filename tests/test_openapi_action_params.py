"""openapi.yaml's action params: one closed schema per action type, the create request
discriminated on `type`, and what each schema accepts and refuses."""

from __future__ import annotations

import pytest

from tests.openapi_kit import resolve, schema_validator

PARAMS_SCHEMAS = {
    "send_message": "SendMessageParams",
    "send_mass_message": "SendMassMessageParams",
    "unsend_message": "UnsendMessageParams",
    "add_fan_to_list": "AddFanToListParams",
    "remove_fan_from_list": "RemoveFanFromListParams",
    "mark_chat_read": "MarkChatReadParams",
    "like_message": "LikeMessageParams",
    "unlike_message": "UnlikeMessageParams",
    "edit_mass_message": "EditMassMessageParams",
    "create_vault_list": "CreateVaultListParams",
    "rename_vault_list": "RenameVaultListParams",
    "delete_vault_list": "DeleteVaultListParams",
    "add_media_to_vault_list": "AddMediaToVaultListParams",
    "remove_media_from_vault_list": "RemoveMediaFromVaultListParams",
    "hide_vault_media": "HideVaultMediaParams",
    "subscribe_to_user": "SubscribeToUserParams",
    "unsubscribe_from_user": "UnsubscribeFromUserParams",
    "mark_notifications_read": "MarkNotificationsReadParams",
    "record_profile_visit": "RecordProfileVisitParams",
    "record_profile_view": "RecordProfileViewParams",
    "report_post_views": "ReportPostViewsParams",
    "mark_story_watched": "MarkStoryWatchedParams",
}


def test_each_params_schema_exists_and_is_closed(spec):
    schemas = spec["components"]["schemas"]
    assert set(schemas["ActionType"]["enum"]) == set(PARAMS_SCHEMAS)
    for name in PARAMS_SCHEMAS.values():
        assert name in schemas
        assert schemas[name]["additionalProperties"] is False, name


def test_create_action_request_is_discriminated_on_type(spec):
    schemas = spec["components"]["schemas"]
    request = schemas["CreateActionRequest"]
    mapping = request["discriminator"]["mapping"]
    assert request["discriminator"]["propertyName"] == "type"
    assert set(mapping) == set(PARAMS_SCHEMAS)
    assert sorted(o["$ref"] for o in request["oneOf"]) == sorted(mapping.values())
    for action_type, ref in mapping.items():
        option = resolve(spec, {"$ref": ref})
        assert option["properties"]["type"] == {"const": action_type}
        assert option["properties"]["params"] == {
            "$ref": f"#/components/schemas/{PARAMS_SCHEMAS[action_type]}"
        }
        assert set(option["required"]) == {"type", "params"}
        assert option["additionalProperties"] is False


ACCEPTED = [
    ("SendMessageParams", {"fanId": "1", "text": "hi"}),
    (
        "SendMessageParams",
        {"fanId": "1", "text": "x" * 5000, "priceCents": 2000000, "mediaIds": ["m"] * 50},
    ),
    ("SendMessageParams", {"fanId": "1", "text": "hi", "priceCents": 0}),
    ("SendMassMessageParams", {"text": "hi", "audience": {"listIds": ["a"]}}),
    (
        "SendMassMessageParams",
        {"text": "hi", "audience": {"fanIds": ["1"] * 1000, "excludeListIds": ["b"]}},
    ),
    ("SendMassMessageParams", {"text": "hi", "audience": {"listIds": [], "fanIds": ["1"]}}),
    ("UnsendMessageParams", {"messageId": "9"}),
    ("UnsendMessageParams", {"messageId": "9", "fanId": "1"}),
    ("AddFanToListParams", {"fanId": "1", "listId": "2"}),
    ("RemoveFanFromListParams", {"fanId": "1", "listId": "2"}),
]
REFUSED = [
    ("SendMessageParams", {"text": "hi"}),
    ("SendMessageParams", {"fanId": "1", "text": ""}),
    ("SendMessageParams", {"fanId": "1", "text": "x" * 5001}),
    ("SendMessageParams", {"fanId": "1", "text": "hi", "priceCents": -1}),
    ("SendMessageParams", {"fanId": "1", "text": "hi", "priceCents": 2000001}),
    ("SendMessageParams", {"fanId": "1", "text": "hi", "priceCents": 1.5}),
    ("SendMessageParams", {"fanId": "1", "text": "hi", "mediaIds": ["m"] * 51}),
    ("SendMessageParams", {"fanId": "", "text": "hi"}),
    ("SendMessageParams", {"fanId": "x" * 65, "text": "hi"}),
    ("SendMessageParams", {"fanId": "1", "text": "hi", "unknown": True}),
    ("SendMassMessageParams", {"text": "hi"}),
    ("SendMassMessageParams", {"text": "hi", "audience": {}}),
    ("SendMassMessageParams", {"text": "hi", "audience": {"excludeListIds": ["a"]}}),
    ("SendMassMessageParams", {"text": "hi", "audience": {"listIds": [], "fanIds": []}}),
    ("SendMassMessageParams", {"text": "hi", "audience": {"fanIds": ["1"] * 1001}}),
    ("SendMassMessageParams", {"text": "hi", "audience": {"fanIds": ["1"], "other": []}}),
    ("UnsendMessageParams", {"fanId": "1"}),
    ("AddFanToListParams", {"fanId": "1"}),
    ("RemoveFanFromListParams", {"listId": "2"}),
]


@pytest.mark.parametrize(("schema", "params"), ACCEPTED)
def test_params_accepted(spec, schema, params):
    schema_validator(spec, schema).validate(params)


@pytest.mark.parametrize(("schema", "params"), REFUSED)
def test_params_refused(spec, schema, params):
    assert not schema_validator(spec, schema).is_valid(params)


def test_request_bodies_refuse_unknown_fields(spec):
    for name, body in [
        ("CreateLinkRequest", {"note": "x" * 200}),
        ("DecisionRequest", {"note": "x" * 500}),
    ]:
        validator = schema_validator(spec, name)
        assert validator.is_valid(body)
        assert validator.is_valid({})
        assert not validator.is_valid({"note": body["note"] + "x"})
        assert not validator.is_valid({"other": 1})
