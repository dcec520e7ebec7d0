from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.deleted_response_data import DeletedResponseData
  from ..models.meta import Meta





T = TypeVar("T", bound="DeletedResponse")



@_attrs_define
class DeletedResponse:
    """ 
        Attributes:
            data (DeletedResponseData):
            meta (Meta): Where the data in `data` came from.
     """

    data: DeletedResponseData
    meta: Meta
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.deleted_response_data import DeletedResponseData # noqa: PLC0415
        from ..models.meta import Meta # noqa: PLC0415
        data = self.data.to_dict()

        meta = self.meta.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "data": data,
            "meta": meta,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.deleted_response_data import DeletedResponseData # noqa: PLC0415
        from ..models.meta import Meta # noqa: PLC0415
        d = dict(src_dict)
        data = DeletedResponseData.from_dict(d.pop("data"))




        meta = Meta.from_dict(d.pop("meta"))




        deleted_response = cls(
            data=data,
            meta=meta,
        )


        deleted_response.additional_properties = d
        return deleted_response

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
