from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.action_type import ActionType
from ..models.action_type import check_action_type
from typing import cast






T = TypeVar("T", bound="PolicySuggestionLimit")



@_attrs_define
class PolicySuggestionLimit:
    """ The daily limit suggested, near the busiest day seen.

        Attributes:
            types (list[ActionType]):
            per_day (int):
     """

    types: list[ActionType]
    per_day: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        types = []
        for types_item_data in self.types:
            types_item: str = types_item_data
            types.append(types_item)



        per_day = self.per_day


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
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

        policy_suggestion_limit = cls(
            types=types,
            per_day=per_day,
        )


        policy_suggestion_limit.additional_properties = d
        return policy_suggestion_limit

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
