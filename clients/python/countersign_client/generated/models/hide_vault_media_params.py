from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="HideVaultMediaParams")



@_attrs_define
class HideVaultMediaParams:
    """ `hide_vault_media`.

        Attributes:
            media_ids (list[str]): Vault media ids, 1 to 100.
            hidden (bool): true hides the media from the vault's views; false shows them again.
     """

    media_ids: list[str]
    hidden: bool





    def to_dict(self) -> dict[str, Any]:
        media_ids = self.media_ids



        hidden = self.hidden


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "mediaIds": media_ids,
            "hidden": hidden,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        media_ids = cast(list[str], d.pop("mediaIds"))


        hidden = d.pop("hidden")

        hide_vault_media_params = cls(
            media_ids=media_ids,
            hidden=hidden,
        )

        return hide_vault_media_params

