from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="CreateVaultListParams")



@_attrs_define
class CreateVaultListParams:
    """ `create_vault_list`.

        Attributes:
            name (str): A vault list's name: 1 to 100 characters with at least one that is not a
                space, and no control characters. The platform refuses a longer name, so a
                longer one is refused here, at creation, rather than failing once approved.
     """

    name: str





    def to_dict(self) -> dict[str, Any]:
        name = self.name


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "name": name,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        create_vault_list_params = cls(
            name=name,
        )

        return create_vault_list_params

