from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.policy_limit import PolicyLimit
  from ..models.policy_rule import PolicyRule





T = TypeVar("T", bound="WorkspacePolicyResponseData")



@_attrs_define
class WorkspacePolicyResponseData:
    """ 
        Attributes:
            rules (list[PolicyRule]):
            limits (list[PolicyLimit] | Unset): Additive. The default daily limits.
     """

    rules: list[PolicyRule]
    limits: list[PolicyLimit] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.policy_limit import PolicyLimit # noqa: PLC0415
        from ..models.policy_rule import PolicyRule # noqa: PLC0415
        rules = []
        for rules_item_data in self.rules:
            rules_item = rules_item_data.to_dict()
            rules.append(rules_item)



        limits: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.limits, Unset):
            limits = []
            for limits_item_data in self.limits:
                limits_item = limits_item_data.to_dict()
                limits.append(limits_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "rules": rules,
        })
        if limits is not UNSET:
            field_dict["limits"] = limits

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.policy_limit import PolicyLimit # noqa: PLC0415
        from ..models.policy_rule import PolicyRule # noqa: PLC0415
        d = dict(src_dict)
        rules = []
        _rules = d.pop("rules")
        for rules_item_data in (_rules):
            rules_item = PolicyRule.from_dict(rules_item_data)



            rules.append(rules_item)


        _limits = d.pop("limits", UNSET)
        limits: list[PolicyLimit] | Unset = UNSET
        if _limits is not UNSET:
            limits = []
            for limits_item_data in _limits:
                limits_item = PolicyLimit.from_dict(limits_item_data)



                limits.append(limits_item)


        workspace_policy_response_data = cls(
            rules=rules,
            limits=limits,
        )


        workspace_policy_response_data.additional_properties = d
        return workspace_policy_response_data

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
