from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="SendMassMessageResult")



@_attrs_define
class SendMassMessageResult:
    """ `send_mass_message`.

        Attributes:
            mass_message_id (None | str): Matches `massMessageId` on each copy. Null when the platform returns none.
     """

    mass_message_id: None | str





    def to_dict(self) -> dict[str, Any]:
        mass_message_id: None | str
        mass_message_id = self.mass_message_id


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "massMessageId": mass_message_id,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_mass_message_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        mass_message_id = _parse_mass_message_id(d.pop("massMessageId"))


        send_mass_message_result = cls(
            mass_message_id=mass_message_id,
        )

        return send_mass_message_result

