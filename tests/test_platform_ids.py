"""Platform ids refuse the characters that would break a line or reorder text where an id is
shown (summaries, mail, logs): C0 and C1 controls, U+2028/2029 and the bidirectional
formatting characters, each a 400 naming the param, on both validation paths."""

from __future__ import annotations

import json

import pytest

from service.errors.api_error import ApiError
from service.http.spec import load_document
from service.http.validation import OperationValidator

REFUSED = ["\x01", "\x1f", "\x7f", "\x85", "\x9f", "\u2028", "\u2029"]
REFUSED += [chr(c) for c in range(0x202A, 0x202F)] + [chr(c) for c in range(0x2066, 0x206A)]
TAKEN = ["\xa0", "\u202f", "\u2065", "\u206a", "é", "٣"]


@pytest.mark.parametrize("fast", [True, False])
def test_an_id_with_a_line_breaking_or_reordering_character_is_refused(fast):
    create = OperationValidator(load_document(), "createAction", fast=fast)

    def send(fan_id: str) -> None:
        body = {"type": "send_message", "params": {"fanId": fan_id, "text": "hi"}}
        create.parse(
            {},
            {"accountId": "acc_1"},
            {"Idempotency-Key": "key-12345"},
            json.dumps(body).encode(),
            "application/json",
        )

    for char in REFUSED:
        with pytest.raises(ApiError) as refused:
            send(f"90{char}17")
        assert (refused.value.code, refused.value.param) == ("invalid_parameter", "params.fanId")
    for char in TAKEN:
        send(f"90{char}17")
