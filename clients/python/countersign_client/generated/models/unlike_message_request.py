from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from typing import Literal, cast

if TYPE_CHECKING:
  from ..models.unlike_message_params import UnlikeMessageParams





T = TypeVar("T", bound="UnlikeMessageRequest")



@_attrs_define
class UnlikeMessageRequest:
    """ 
        Attributes:
            type_ (Literal['unlike_message']):
            params (UnlikeMessageParams): `unlike_message`.
     """

    type_: Literal['unlike_message']
    params: UnlikeMessageParams





    def to_dict(self) -> dict[str, Any]:
        from ..models.unlike_message_params import UnlikeMessageParams # noqa: PLC0415
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
        from ..models.unlike_message_params import UnlikeMessageParams # noqa: PLC0415
        d = dict(src_dict)
        type_ = cast(Literal['unlike_message'] , d.pop("type"))
        if type_ != 'unlike_message':
            raise ValueError(f"type must match const 'unlike_message', got '{type_}'")

        params = UnlikeMessageParams.from_dict(d.pop("params"))




        unlike_message_request = cls(
            type_=type_,
            params=params,
        )

        return unlike_message_request

