from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="RecordProfileVisitResult")



@_attrs_define
class RecordProfileVisitResult:
    """ `record_profile_visit`.

        Attributes:
            visited (Literal[True]):
     """

    visited: Literal[True]





    def to_dict(self) -> dict[str, Any]:
        visited = self.visited


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "visited": visited,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        visited = cast(Literal[True] , d.pop("visited"))
        if visited != True:
            raise ValueError(f"visited must match const True, got '{visited}'")

        record_profile_visit_result = cls(
            visited=visited,
        )

        return record_profile_visit_result

