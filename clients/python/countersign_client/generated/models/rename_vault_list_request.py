from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from typing import Literal, cast

if TYPE_CHECKING:
  from ..models.rename_vault_list_params import RenameVaultListParams





T = TypeVar("T", bound="RenameVaultListRequest")



@_attrs_define
class RenameVaultListRequest:
    """ 
        Attributes:
            type_ (Literal['rename_vault_list']):
            params (RenameVaultListParams): `rename_vault_list`.
     """

    type_: Literal['rename_vault_list']
    params: RenameVaultListParams





    def to_dict(self) -> dict[str, Any]:
        from ..models.rename_vault_list_params import RenameVaultListParams # noqa: PLC0415
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
        from ..models.rename_vault_list_params import RenameVaultListParams # noqa: PLC0415
        d = dict(src_dict)
        type_ = cast(Literal['rename_vault_list'] , d.pop("type"))
        if type_ != 'rename_vault_list':
            raise ValueError(f"type must match const 'rename_vault_list', got '{type_}'")

        params = RenameVaultListParams.from_dict(d.pop("params"))




        rename_vault_list_request = cls(
            type_=type_,
            params=params,
        )

        return rename_vault_list_request

