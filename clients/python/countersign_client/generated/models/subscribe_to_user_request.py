from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from typing import Literal, cast

if TYPE_CHECKING:
  from ..models.subscribe_to_user_params import SubscribeToUserParams





T = TypeVar("T", bound="SubscribeToUserRequest")



@_attrs_define
class SubscribeToUserRequest:
    """ 
        Attributes:
            type_ (Literal['subscribe_to_user']):
            params (SubscribeToUserParams): `subscribe_to_user`.
     """

    type_: Literal['subscribe_to_user']
    params: SubscribeToUserParams





    def to_dict(self) -> dict[str, Any]:
        from ..models.subscribe_to_user_params import SubscribeToUserParams # noqa: PLC0415
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
        from ..models.subscribe_to_user_params import SubscribeToUserParams # noqa: PLC0415
        d = dict(src_dict)
        type_ = cast(Literal['subscribe_to_user'] , d.pop("type"))
        if type_ != 'subscribe_to_user':
            raise ValueError(f"type must match const 'subscribe_to_user', got '{type_}'")

        params = SubscribeToUserParams.from_dict(d.pop("params"))




        subscribe_to_user_request = cls(
            type_=type_,
            params=params,
        )

        return subscribe_to_user_request

