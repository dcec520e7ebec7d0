from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime






T = TypeVar("T", bound="VaultMedia")



@_attrs_define
class VaultMedia:
    """ One media item of the vault; its id is what `mediaIds` take.

        Attributes:
            id (str): An id on the platform (fan, fan list, message, vault media). Never holds a C0 or C1
                control character, U+2028 or U+2029, or a bidirectional formatting character
                (U+202A to U+202E, U+2066 to U+2069): it ends up in paths, summaries, logs and mail
                subjects, where those would break lines or reorder what a reader sees. Such an id
                is `400 invalid_parameter` naming the param. Never `.` or `..` either (a path that
                normalises would read those as another route).
            type_ (str): `photo`, `video`, `audio` or `gif` (as the platform says).
            created_at (datetime.datetime): ISO 8601 / RFC 3339 instant, in UTC.
            duration (int): Seconds, for video and audio; 0 otherwise.
            is_hidden (bool):
            list_ids (list[str]):
            preview_url (None | str):
     """

    id: str
    type_: str
    created_at: datetime.datetime
    duration: int
    is_hidden: bool
    list_ids: list[str]
    preview_url: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        type_ = self.type_

        created_at = self.created_at.isoformat()

        duration = self.duration

        is_hidden = self.is_hidden

        list_ids = self.list_ids



        preview_url: None | str
        preview_url = self.preview_url


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "type": type_,
            "createdAt": created_at,
            "duration": duration,
            "isHidden": is_hidden,
            "listIds": list_ids,
            "previewUrl": preview_url,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        type_ = d.pop("type")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))




        duration = d.pop("duration")

        is_hidden = d.pop("isHidden")

        list_ids = cast(list[str], d.pop("listIds"))


        def _parse_preview_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        preview_url = _parse_preview_url(d.pop("previewUrl"))


        vault_media = cls(
            id=id,
            type_=type_,
            created_at=created_at,
            duration=duration,
            is_hidden=is_hidden,
            list_ids=list_ids,
            preview_url=preview_url,
        )


        vault_media.additional_properties = d
        return vault_media

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
