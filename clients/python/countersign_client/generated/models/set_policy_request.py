from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.policy_rule import PolicyRule





T = TypeVar("T", bound="SetPolicyRequest")



@_attrs_define
class SetPolicyRequest:
    """ 
        Attributes:
            rules (list[PolicyRule] | None): The rules, replacing the account's; null to follow the workspace default.
     """

    rules: list[PolicyRule] | None





    def to_dict(self) -> dict[str, Any]:
        from ..models.policy_rule import PolicyRule # noqa: PLC0415
        rules: list[dict[str, Any]] | None
        if isinstance(self.rules, list):
            rules = []
            for rules_type_0_item_data in self.rules:
                rules_type_0_item = rules_type_0_item_data.to_dict()
                rules.append(rules_type_0_item)


        else:
            rules = self.rules


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "rules": rules,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.policy_rule import PolicyRule # noqa: PLC0415
        d = dict(src_dict)
        def _parse_rules(data: object) -> list[PolicyRule] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                rules_type_0 = []
                _rules_type_0 = data
                for rules_type_0_item_data in (_rules_type_0):
                    rules_type_0_item = PolicyRule.from_dict(rules_type_0_item_data)



                    rules_type_0.append(rules_type_0_item)

                return rules_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[PolicyRule] | None, data)

        rules = _parse_rules(d.pop("rules"))


        set_policy_request = cls(
            rules=rules,
        )

        return set_policy_request

