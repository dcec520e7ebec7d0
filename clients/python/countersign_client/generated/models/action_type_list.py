from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from typing import Literal, cast

if TYPE_CHECKING:
  from ..models.action_type_info import ActionTypeInfo
  from ..models.meta import Meta





T = TypeVar("T", bound="ActionTypeList")



@_attrs_define
class ActionTypeList:
    """ 
        Attributes:
            data (list[ActionTypeInfo]):
            has_more (Literal[False]):
            next_cursor (None):
            meta (Meta): Where the data in `data` came from.
     """

    data: list[ActionTypeInfo]
    has_more: Literal[False]
    next_cursor: None
    meta: Meta





    def to_dict(self) -> dict[str, Any]:
        from ..models.action_type_info import ActionTypeInfo # noqa: PLC0415
        from ..models.meta import Meta # noqa: PLC0415
        data = []
        for data_item_data in self.data:
            data_item = data_item_data.to_dict()
            data.append(data_item)



        has_more = self.has_more

        next_cursor = self.next_cursor

        meta = self.meta.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "data": data,
            "hasMore": has_more,
            "nextCursor": next_cursor,
            "meta": meta,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.action_type_info import ActionTypeInfo # noqa: PLC0415
        from ..models.meta import Meta # noqa: PLC0415
        d = dict(src_dict)
        data = []
        _data = d.pop("data")
        for data_item_data in (_data):
            data_item = ActionTypeInfo.from_dict(data_item_data)



            data.append(data_item)


        has_more = cast(Literal[False] , d.pop("hasMore"))
        if has_more != False:
            raise ValueError(f"hasMore must match const False, got '{has_more}'")

        next_cursor = d.pop("nextCursor")

        meta = Meta.from_dict(d.pop("meta"))




        action_type_list = cls(
            data=data,
            has_more=has_more,
            next_cursor=next_cursor,
            meta=meta,
        )

        return action_type_list

