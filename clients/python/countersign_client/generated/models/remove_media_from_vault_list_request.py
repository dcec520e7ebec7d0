from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from typing import Literal, cast

if TYPE_CHECKING:
  from ..models.remove_media_from_vault_list_params import RemoveMediaFromVaultListParams





T = TypeVar("T", bound="RemoveMediaFromVaultListRequest")



@_attrs_define
class RemoveMediaFromVaultListRequest:
    """ 
        Attributes:
            type_ (Literal['remove_media_from_vault_list']):
            params (RemoveMediaFromVaultListParams): `remove_media_from_vault_list`.
     """

    type_: Literal['remove_media_from_vault_list']
    params: RemoveMediaFromVaultListParams





    def to_dict(self) -> dict[str, Any]:
        from ..models.remove_media_from_vault_list_params import RemoveMediaFromVaultListParams # noqa: PLC0415
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
        from ..models.remove_media_from_vault_list_params import RemoveMediaFromVaultListParams # noqa: PLC0415
        d = dict(src_dict)
        type_ = cast(Literal['remove_media_from_vault_list'] , d.pop("type"))
        if type_ != 'remove_media_from_vault_list':
            raise ValueError(f"type must match const 'remove_media_from_vault_list', got '{type_}'")

        params = RemoveMediaFromVaultListParams.from_dict(d.pop("params"))




        remove_media_from_vault_list_request = cls(
            type_=type_,
            params=params,
        )

        return remove_media_from_vault_list_request

