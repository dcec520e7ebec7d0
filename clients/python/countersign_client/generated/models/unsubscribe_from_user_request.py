from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from typing import Literal, cast

if TYPE_CHECKING:
  from ..models.unsubscribe_from_user_params import UnsubscribeFromUserParams





T = TypeVar("T", bound="UnsubscribeFromUserRequest")



@_attrs_define
class UnsubscribeFromUserRequest:
    """ 
        Attributes:
            type_ (Literal['unsubscribe_from_user']):
            params (UnsubscribeFromUserParams): `unsubscribe_from_user`.
     """

    type_: Literal['unsubscribe_from_user']
    params: UnsubscribeFromUserParams





    def to_dict(self) -> dict[str, Any]:
        from ..models.unsubscribe_from_user_params import UnsubscribeFromUserParams # noqa: PLC0415
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
        from ..models.unsubscribe_from_user_params import UnsubscribeFromUserParams # noqa: PLC0415
        d = dict(src_dict)
        type_ = cast(Literal['unsubscribe_from_user'] , d.pop("type"))
        if type_ != 'unsubscribe_from_user':
            raise ValueError(f"type must match const 'unsubscribe_from_user', got '{type_}'")

        params = UnsubscribeFromUserParams.from_dict(d.pop("params"))




        unsubscribe_from_user_request = cls(
            type_=type_,
            params=params,
        )

        return unsubscribe_from_user_request

