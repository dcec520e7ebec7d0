from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from typing import Literal, cast

if TYPE_CHECKING:
  from ..models.like_message_params import LikeMessageParams





T = TypeVar("T", bound="LikeMessageRequest")



@_attrs_define
class LikeMessageRequest:
    """ 
        Attributes:
            type_ (Literal['like_message']):
            params (LikeMessageParams): `like_message`.
     """

    type_: Literal['like_message']
    params: LikeMessageParams





    def to_dict(self) -> dict[str, Any]:
        from ..models.like_message_params import LikeMessageParams # noqa: PLC0415
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
        from ..models.like_message_params import LikeMessageParams # noqa: PLC0415
        d = dict(src_dict)
        type_ = cast(Literal['like_message'] , d.pop("type"))
        if type_ != 'like_message':
            raise ValueError(f"type must match const 'like_message', got '{type_}'")

        params = LikeMessageParams.from_dict(d.pop("params"))




        like_message_request = cls(
            type_=type_,
            params=params,
        )

        return like_message_request

