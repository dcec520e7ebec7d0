from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="RecordProfileViewResult")



@_attrs_define
class RecordProfileViewResult:
    """ `record_profile_view`.

        Attributes:
            viewed (Literal[True]):
     """

    viewed: Literal[True]





    def to_dict(self) -> dict[str, Any]:
        viewed = self.viewed


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "viewed": viewed,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        viewed = cast(Literal[True] , d.pop("viewed"))
        if viewed != True:
            raise ValueError(f"viewed must match const True, got '{viewed}'")

        record_profile_view_result = cls(
            viewed=viewed,
        )

        return record_profile_view_result

