from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="UnsendMassMessageResult")



@_attrs_define
class UnsendMassMessageResult:
    """ `unsend_message` without `fanId`: every copy of a mass message.

        Attributes:
            mass_message_id (str): An id on the platform (fan, fan list, message, vault media). Never holds a C0 or C1
                control character, U+2028 or U+2029, or a bidirectional formatting character
                (U+202A to U+202E, U+2066 to U+2069): it ends up in paths, summaries, logs and mail
                subjects, where those would break lines or reorder what a reader sees. Such an id
                is `400 invalid_parameter` naming the param. Never `.` or `..` either (a path that
                normalises would read those as another route).
            unsent (Literal[True]):
     """

    mass_message_id: str
    unsent: Literal[True]





    def to_dict(self) -> dict[str, Any]:
        mass_message_id = self.mass_message_id

        unsent = self.unsent


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "massMessageId": mass_message_id,
            "unsent": unsent,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        mass_message_id = d.pop("massMessageId")

        unsent = cast(Literal[True] , d.pop("unsent"))
        if unsent != True:
            raise ValueError(f"unsent must match const True, got '{unsent}'")

        unsend_mass_message_result = cls(
            mass_message_id=mass_message_id,
            unsent=unsent,
        )

        return unsend_mass_message_result

