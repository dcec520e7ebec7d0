from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.meta import Meta
  from ..models.vault_media import VaultMedia





T = TypeVar("T", bound="VaultMediaPage")



@_attrs_define
class VaultMediaPage:
    """ 
        Attributes:
            data (list[VaultMedia]):
            has_more (bool):
            next_cursor (None | str): Pass as `cursor` for the next page; null on the last page.
            meta (Meta): Where the data in `data` came from.
     """

    data: list[VaultMedia]
    has_more: bool
    next_cursor: None | str
    meta: Meta
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.meta import Meta # noqa: PLC0415
        from ..models.vault_media import VaultMedia # noqa: PLC0415
        data = []
        for data_item_data in self.data:
            data_item = data_item_data.to_dict()
            data.append(data_item)



        has_more = self.has_more

        next_cursor: None | str
        next_cursor = self.next_cursor

        meta = self.meta.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "data": data,
            "hasMore": has_more,
            "nextCursor": next_cursor,
            "meta": meta,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.meta import Meta # noqa: PLC0415
        from ..models.vault_media import VaultMedia # noqa: PLC0415
        d = dict(src_dict)
        data = []
        _data = d.pop("data")
        for data_item_data in (_data):
            data_item = VaultMedia.from_dict(data_item_data)



            data.append(data_item)


        has_more = d.pop("hasMore")

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("nextCursor"))


        meta = Meta.from_dict(d.pop("meta"))




        vault_media_page = cls(
            data=data,
            has_more=has_more,
            next_cursor=next_cursor,
            meta=meta,
        )


        vault_media_page.additional_properties = d
        return vault_media_page

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
