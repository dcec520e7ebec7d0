from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="CreateVaultListResult")



@_attrs_define
class CreateVaultListResult:
    """ `create_vault_list`.

        Attributes:
            list_id (None | str): The new list's id; null when the platform returns none.
            name (str): A vault list's name: 1 to 100 characters with at least one that is not a
                space, and no control characters. The platform refuses a longer name, so a
                longer one is refused here, at creation, rather than failing once approved.
     """

    list_id: None | str
    name: str





    def to_dict(self) -> dict[str, Any]:
        list_id: None | str
        list_id = self.list_id

        name = self.name


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "listId": list_id,
            "name": name,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_list_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        list_id = _parse_list_id(d.pop("listId"))


        name = d.pop("name")

        create_vault_list_result = cls(
            list_id=list_id,
            name=name,
        )

        return create_vault_list_result

