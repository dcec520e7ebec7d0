from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.meta_source import check_meta_source
from ..models.meta_source import MetaSource
from typing import cast
import datetime






T = TypeVar("T", bound="Meta")



@_attrs_define
class Meta:
    """ Where the data in `data` came from.

        Attributes:
            source (MetaSource): `synced`: the service's synced copy of platform data (`asOf` = time of the
                sync). `live`: read from the platform for this request (`fresh=true`;
                `asOf` = time of the read). `service`: the service's own records —
                actions and hosted links (`asOf` is null).
            as_of (datetime.datetime | None): Time of the data; null on action and link responses.
            request_id (str): Request id.
     """

    source: MetaSource
    as_of: datetime.datetime | None
    request_id: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        source: str = self.source

        as_of: None | str
        if isinstance(self.as_of, datetime.datetime):
            as_of = self.as_of.isoformat()
        else:
            as_of = self.as_of

        request_id = self.request_id


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "source": source,
            "asOf": as_of,
            "requestId": request_id,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        source = check_meta_source(d.pop("source"))




        def _parse_as_of(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                as_of_type_0 = datetime.datetime.fromisoformat(data)



                return as_of_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        as_of = _parse_as_of(d.pop("asOf"))


        request_id = d.pop("requestId")

        meta = cls(
            source=source,
            as_of=as_of,
            request_id=request_id,
        )


        meta.additional_properties = d
        return meta

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
