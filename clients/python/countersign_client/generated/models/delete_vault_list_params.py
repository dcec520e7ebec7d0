from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="DeleteVaultListParams")



@_attrs_define
class DeleteVaultListParams:
    """ `delete_vault_list`.

        Attributes:
            list_id (str): An id on the platform (fan, fan list, message, vault media). Never holds a C0 or C1
                control character, U+2028 or U+2029, or a bidirectional formatting character
                (U+202A to U+202E, U+2066 to U+2069): it ends up in paths, summaries, logs and mail
                subjects, where those would break lines or reorder what a reader sees. Such an id
                is `400 invalid_parameter` naming the param. Never `.` or `..` either (a path that
                normalises would read those as another route).
     """

    list_id: str





    def to_dict(self) -> dict[str, Any]:
        list_id = self.list_id


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "listId": list_id,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        list_id = d.pop("listId")

        delete_vault_list_params = cls(
            list_id=list_id,
        )

        return delete_vault_list_params

