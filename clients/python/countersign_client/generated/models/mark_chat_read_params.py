from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="MarkChatReadParams")



@_attrs_define
class MarkChatReadParams:
    """ `mark_chat_read`.

        Attributes:
            fan_id (str): An id on the platform (fan, fan list, message, vault media). Never holds a C0 or C1
                control character, U+2028 or U+2029, or a bidirectional formatting character
                (U+202A to U+202E, U+2066 to U+2069): it ends up in paths, summaries, logs and mail
                subjects, where those would break lines or reorder what a reader sees. Such an id
                is `400 invalid_parameter` naming the param. Never `.` or `..` either (a path that
                normalises would read those as another route).
     """

    fan_id: str





    def to_dict(self) -> dict[str, Any]:
        fan_id = self.fan_id


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "fanId": fan_id,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        fan_id = d.pop("fanId")

        mark_chat_read_params = cls(
            fan_id=fan_id,
        )

        return mark_chat_read_params

