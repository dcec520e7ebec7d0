from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.action_type import ActionType
from ..models.action_type import check_action_type
from typing import cast






T = TypeVar("T", bound="PolicyLimit")



@_attrs_define
class PolicyLimit:
    """ A daily limit: at most `perDay` actions of `types` per account in any 24 hours,
    whoever would approve them. One more is `429 write_limit_exceeded` with
    `Retry-After` until the oldest counted action leaves the window; rejected, expired
    and cancelled actions do not count.

        Attributes:
            types (list[ActionType]):
            per_day (int):
     """

    types: list[ActionType]
    per_day: int





    def to_dict(self) -> dict[str, Any]:
        types = []
        for types_item_data in self.types:
            types_item: str = types_item_data
            types.append(types_item)



        per_day = self.per_day


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "types": types,
            "perDay": per_day,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        types = []
        _types = d.pop("types")
        for types_item_data in (_types):
            types_item = check_action_type(types_item_data)



            types.append(types_item)


        per_day = d.pop("perDay")

        policy_limit = cls(
            types=types,
            per_day=per_day,
        )

        return policy_limit

