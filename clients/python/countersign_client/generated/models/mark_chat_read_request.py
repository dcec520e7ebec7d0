from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from typing import Literal, cast

if TYPE_CHECKING:
  from ..models.mark_chat_read_params import MarkChatReadParams





T = TypeVar("T", bound="MarkChatReadRequest")



@_attrs_define
class MarkChatReadRequest:
    """ 
        Attributes:
            type_ (Literal['mark_chat_read']):
            params (MarkChatReadParams): `mark_chat_read`.
     """

    type_: Literal['mark_chat_read']
    params: MarkChatReadParams





    def to_dict(self) -> dict[str, Any]:
        from ..models.mark_chat_read_params import MarkChatReadParams # noqa: PLC0415
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
        from ..models.mark_chat_read_params import MarkChatReadParams # noqa: PLC0415
        d = dict(src_dict)
        type_ = cast(Literal['mark_chat_read'] , d.pop("type"))
        if type_ != 'mark_chat_read':
            raise ValueError(f"type must match const 'mark_chat_read', got '{type_}'")

        params = MarkChatReadParams.from_dict(d.pop("params"))




        mark_chat_read_request = cls(
            type_=type_,
            params=params,
        )

        return mark_chat_read_request

