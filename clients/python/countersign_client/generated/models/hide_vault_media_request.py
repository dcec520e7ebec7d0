from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from typing import Literal, cast

if TYPE_CHECKING:
  from ..models.hide_vault_media_params import HideVaultMediaParams





T = TypeVar("T", bound="HideVaultMediaRequest")



@_attrs_define
class HideVaultMediaRequest:
    """ 
        Attributes:
            type_ (Literal['hide_vault_media']):
            params (HideVaultMediaParams): `hide_vault_media`.
     """

    type_: Literal['hide_vault_media']
    params: HideVaultMediaParams





    def to_dict(self) -> dict[str, Any]:
        from ..models.hide_vault_media_params import HideVaultMediaParams # noqa: PLC0415
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
        from ..models.hide_vault_media_params import HideVaultMediaParams # noqa: PLC0415
        d = dict(src_dict)
        type_ = cast(Literal['hide_vault_media'] , d.pop("type"))
        if type_ != 'hide_vault_media':
            raise ValueError(f"type must match const 'hide_vault_media', got '{type_}'")

        params = HideVaultMediaParams.from_dict(d.pop("params"))




        hide_vault_media_request = cls(
            type_=type_,
            params=params,
        )

        return hide_vault_media_request

