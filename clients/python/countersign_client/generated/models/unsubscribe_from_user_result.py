from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="UnsubscribeFromUserResult")



@_attrs_define
class UnsubscribeFromUserResult:
    """ `unsubscribe_from_user`.

        Attributes:
            user_id (str): An id on the platform (fan, fan list, message, vault media). Never holds a C0 or C1
                control character, U+2028 or U+2029, or a bidirectional formatting character
                (U+202A to U+202E, U+2066 to U+2069): it ends up in paths, summaries, logs and mail
                subjects, where those would break lines or reorder what a reader sees. Such an id
                is `400 invalid_parameter` naming the param. Never `.` or `..` either (a path that
                normalises would read those as another route).
            subscribed (Literal[False]):
     """

    user_id: str
    subscribed: Literal[False]





    def to_dict(self) -> dict[str, Any]:
        user_id = self.user_id

        subscribed = self.subscribed


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "userId": user_id,
            "subscribed": subscribed,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        user_id = d.pop("userId")

        subscribed = cast(Literal[False] , d.pop("subscribed"))
        if subscribed != False:
            raise ValueError(f"subscribed must match const False, got '{subscribed}'")

        unsubscribe_from_user_result = cls(
            user_id=user_id,
            subscribed=subscribed,
        )

        return unsubscribe_from_user_result

