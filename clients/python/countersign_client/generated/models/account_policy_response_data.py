from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.account_policy_response_data_source import AccountPolicyResponseDataSource
from ..models.account_policy_response_data_source import check_account_policy_response_data_source
from typing import cast

if TYPE_CHECKING:
  from ..models.policy_limit_use import PolicyLimitUse
  from ..models.policy_rule import PolicyRule





T = TypeVar("T", bound="AccountPolicyResponseData")



@_attrs_define
class AccountPolicyResponseData:
    """ 
        Attributes:
            account_id (str): An account's id, which is the creator's platform user id.
            rules (list[PolicyRule]):
            source (AccountPolicyResponseDataSource):
            limits (list[PolicyLimitUse]):
     """

    account_id: str
    rules: list[PolicyRule]
    source: AccountPolicyResponseDataSource
    limits: list[PolicyLimitUse]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.policy_limit_use import PolicyLimitUse # noqa: PLC0415
        from ..models.policy_rule import PolicyRule # noqa: PLC0415
        account_id = self.account_id

        rules = []
        for rules_item_data in self.rules:
            rules_item = rules_item_data.to_dict()
            rules.append(rules_item)



        source: str = self.source

        limits = []
        for limits_item_data in self.limits:
            limits_item = limits_item_data.to_dict()
            limits.append(limits_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "accountId": account_id,
            "rules": rules,
            "source": source,
            "limits": limits,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.policy_limit_use import PolicyLimitUse # noqa: PLC0415
        from ..models.policy_rule import PolicyRule # noqa: PLC0415
        d = dict(src_dict)
        account_id = d.pop("accountId")

        rules = []
        _rules = d.pop("rules")
        for rules_item_data in (_rules):
            rules_item = PolicyRule.from_dict(rules_item_data)



            rules.append(rules_item)


        source = check_account_policy_response_data_source(d.pop("source"))




        limits = []
        _limits = d.pop("limits")
        for limits_item_data in (_limits):
            limits_item = PolicyLimitUse.from_dict(limits_item_data)



            limits.append(limits_item)


        account_policy_response_data = cls(
            account_id=account_id,
            rules=rules,
            source=source,
            limits=limits,
        )


        account_policy_response_data.additional_properties = d
        return account_policy_response_data

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
