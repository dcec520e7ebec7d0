from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="UnlikeMessageResult")



@_attrs_define
class UnlikeMessageResult:
    """ `unlike_message`.

        Attributes:
            message_id (str): An id on the platform (fan, fan list, message, vault media). Never holds a C0 or C1
                control character, U+2028 or U+2029, or a bidirectional formatting character
                (U+202A to U+202E, U+2066 to U+2069): it ends up in paths, summaries, logs and mail
                subjects, where those would break lines or reorder what a reader sees. Such an id
                is `400 invalid_parameter` naming the param. Never `.` or `..` either (a path that
                normalises would read those as another route).
            liked (Literal[False]):
     """

    message_id: str
    liked: Literal[False]





    def to_dict(self) -> dict[str, Any]:
        message_id = self.message_id

        liked = self.liked


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "messageId": message_id,
            "liked": liked,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        message_id = d.pop("messageId")

        liked = cast(Literal[False] , d.pop("liked"))
        if liked != False:
            raise ValueError(f"liked must match const False, got '{liked}'")

        unlike_message_result = cls(
            message_id=message_id,
            liked=liked,
        )

        return unlike_message_result

