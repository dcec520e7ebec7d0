from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="UnsendMessageResult")



@_attrs_define
class UnsendMessageResult:
    """ `unsend_message` with `fanId`.

        Attributes:
            message_id (str): An id on the platform (fan, fan list, message, vault media). Never holds a C0 or C1
                control character, U+2028 or U+2029, or a bidirectional formatting character
                (U+202A to U+202E, U+2066 to U+2069): it ends up in paths, summaries, logs and mail
                subjects, where those would break lines or reorder what a reader sees. Such an id
                is `400 invalid_parameter` naming the param. Never `.` or `..` either (a path that
                normalises would read those as another route).
            fan_id (str): An id on the platform (fan, fan list, message, vault media). Never holds a C0 or C1
                control character, U+2028 or U+2029, or a bidirectional formatting character
                (U+202A to U+202E, U+2066 to U+2069): it ends up in paths, summaries, logs and mail
                subjects, where those would break lines or reorder what a reader sees. Such an id
                is `400 invalid_parameter` naming the param. Never `.` or `..` either (a path that
                normalises would read those as another route).
            unsent (Literal[True]):
     """

    message_id: str
    fan_id: str
    unsent: Literal[True]





    def to_dict(self) -> dict[str, Any]:
        message_id = self.message_id

        fan_id = self.fan_id

        unsent = self.unsent


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "messageId": message_id,
            "fanId": fan_id,
            "unsent": unsent,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        message_id = d.pop("messageId")

        fan_id = d.pop("fanId")

        unsent = cast(Literal[True] , d.pop("unsent"))
        if unsent != True:
            raise ValueError(f"unsent must match const True, got '{unsent}'")

        unsend_message_result = cls(
            message_id=message_id,
            fan_id=fan_id,
            unsent=unsent,
        )

        return unsend_message_result

