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





T = TypeVar("T", bound="SetPolicyRequest")



@_attrs_define
class SetPolicyRequest:
    """ 
        Attributes:
            rules (list[PolicyRule] | None): The rules, replacing the account's; null to follow the workspace default (its
                limits included).
            limits (list[PolicyLimit] | Unset): Additive. The account's daily limits, replacing its own (`[]`: none). Left
                out,
                the stored limits stay as they are. Ignored when `rules` is null: the account then
                follows the workspace default's rules and limits.
     """

    rules: list[PolicyRule] | None
    limits: list[PolicyLimit] | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.policy_limit import PolicyLimit # noqa: PLC0415
        from ..models.policy_rule import PolicyRule # noqa: PLC0415
        rules: list[dict[str, Any]] | None
        if isinstance(self.rules, list):
            rules = []
            for rules_type_0_item_data in self.rules:
                rules_type_0_item = rules_type_0_item_data.to_dict()
                rules.append(rules_type_0_item)


        else:
            rules = self.rules

        limits: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.limits, Unset):
            limits = []
            for limits_item_data in self.limits:
                limits_item = limits_item_data.to_dict()
                limits.append(limits_item)




        field_dict: dict[str, Any] = {}

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


        _limits = d.pop("limits", UNSET)
        limits: list[PolicyLimit] | Unset = UNSET
        if _limits is not UNSET:
            limits = []
            for limits_item_data in _limits:
                limits_item = PolicyLimit.from_dict(limits_item_data)



                limits.append(limits_item)


        set_policy_request = cls(
            rules=rules,
            limits=limits,
        )

        return set_policy_request

