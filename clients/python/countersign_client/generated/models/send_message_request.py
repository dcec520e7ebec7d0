from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from typing import Literal, cast

if TYPE_CHECKING:
  from ..models.send_message_params import SendMessageParams





T = TypeVar("T", bound="SendMessageRequest")



@_attrs_define
class SendMessageRequest:
    """ 
        Attributes:
            type_ (Literal['send_message']):
            params (SendMessageParams):
     """

    type_: Literal['send_message']
    params: SendMessageParams





    def to_dict(self) -> dict[str, Any]:
        from ..models.send_message_params import SendMessageParams # noqa: PLC0415
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
        from ..models.send_message_params import SendMessageParams # noqa: PLC0415
        d = dict(src_dict)
        type_ = cast(Literal['send_message'] , d.pop("type"))
        if type_ != 'send_message':
            raise ValueError(f"type must match const 'send_message', got '{type_}'")

        params = SendMessageParams.from_dict(d.pop("params"))




        send_message_request = cls(
            type_=type_,
            params=params,
        )

        return send_message_request

