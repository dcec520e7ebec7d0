from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from typing import Literal, cast

if TYPE_CHECKING:
  from ..models.edit_mass_message_params import EditMassMessageParams





T = TypeVar("T", bound="EditMassMessageRequest")



@_attrs_define
class EditMassMessageRequest:
    """ 
        Attributes:
            type_ (Literal['edit_mass_message']):
            params (EditMassMessageParams): `edit_mass_message`.
     """

    type_: Literal['edit_mass_message']
    params: EditMassMessageParams





    def to_dict(self) -> dict[str, Any]:
        from ..models.edit_mass_message_params import EditMassMessageParams # noqa: PLC0415
        type_ = self.type_

        params = self.params.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "params": params,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.edit_mass_message_params import EditMassMessageParams # noqa: PLC0415
        d = dict(src_dict)
        type_ = cast(Literal['edit_mass_message'] , d.pop("type"))
        if type_ != 'edit_mass_message':
            raise ValueError(f"type must match const 'edit_mass_message', got '{type_}'")

        params = EditMassMessageParams.from_dict(d.pop("params"))




        edit_mass_message_request = cls(
            type_=type_,
            params=params,
        )

        return edit_mass_message_request

