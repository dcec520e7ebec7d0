from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from typing import Literal, cast

if TYPE_CHECKING:
  from ..models.add_fan_to_list_params import AddFanToListParams





T = TypeVar("T", bound="AddFanToListRequest")



@_attrs_define
class AddFanToListRequest:
    """ 
        Attributes:
            type_ (Literal['add_fan_to_list']):
            params (AddFanToListParams):
     """

    type_: Literal['add_fan_to_list']
    params: AddFanToListParams





    def to_dict(self) -> dict[str, Any]:
        from ..models.add_fan_to_list_params import AddFanToListParams # noqa: PLC0415
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
        from ..models.add_fan_to_list_params import AddFanToListParams # noqa: PLC0415
        d = dict(src_dict)
        type_ = cast(Literal['add_fan_to_list'] , d.pop("type"))
        if type_ != 'add_fan_to_list':
            raise ValueError(f"type must match const 'add_fan_to_list', got '{type_}'")

        params = AddFanToListParams.from_dict(d.pop("params"))




        add_fan_to_list_request = cls(
            type_=type_,
            params=params,
        )

        return add_fan_to_list_request

