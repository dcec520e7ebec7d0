from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from typing import Literal, cast

if TYPE_CHECKING:
  from ..models.delete_vault_list_params import DeleteVaultListParams





T = TypeVar("T", bound="DeleteVaultListRequest")



@_attrs_define
class DeleteVaultListRequest:
    """ 
        Attributes:
            type_ (Literal['delete_vault_list']):
            params (DeleteVaultListParams): `delete_vault_list`.
     """

    type_: Literal['delete_vault_list']
    params: DeleteVaultListParams





    def to_dict(self) -> dict[str, Any]:
        from ..models.delete_vault_list_params import DeleteVaultListParams # noqa: PLC0415
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
        from ..models.delete_vault_list_params import DeleteVaultListParams # noqa: PLC0415
        d = dict(src_dict)
        type_ = cast(Literal['delete_vault_list'] , d.pop("type"))
        if type_ != 'delete_vault_list':
            raise ValueError(f"type must match const 'delete_vault_list', got '{type_}'")

        params = DeleteVaultListParams.from_dict(d.pop("params"))




        delete_vault_list_request = cls(
            type_=type_,
            params=params,
        )

        return delete_vault_list_request

