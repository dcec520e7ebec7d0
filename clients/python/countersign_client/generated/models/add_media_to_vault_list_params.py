from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="AddMediaToVaultListParams")



@_attrs_define
class AddMediaToVaultListParams:
    """ `add_media_to_vault_list`.

        Attributes:
            list_id (str): An id on the platform (fan, fan list, message, vault media). Never holds a C0 or C1
                control character, U+2028 or U+2029, or a bidirectional formatting character
                (U+202A to U+202E, U+2066 to U+2069): it ends up in paths, summaries, logs and mail
                subjects, where those would break lines or reorder what a reader sees. Such an id
                is `400 invalid_parameter` naming the param. Never `.` or `..` either (a path that
                normalises would read those as another route).
            media_ids (list[str]): Vault media ids, 1 to 100.
     """

    list_id: str
    media_ids: list[str]





    def to_dict(self) -> dict[str, Any]:
        list_id = self.list_id

        media_ids = self.media_ids




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "listId": list_id,
            "mediaIds": media_ids,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        list_id = d.pop("listId")

        media_ids = cast(list[str], d.pop("mediaIds"))


        add_media_to_vault_list_params = cls(
            list_id=list_id,
            media_ids=media_ids,
        )

        return add_media_to_vault_list_params

