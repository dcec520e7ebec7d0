from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.action_type import ActionType
from ..models.action_type import check_action_type
from ..models.policy_rule_approvals import check_policy_rule_approvals
from ..models.policy_rule_approvals import PolicyRuleApprovals
from ..models.policy_rule_approvers import check_policy_rule_approvers
from ..models.policy_rule_approvers import PolicyRuleApprovers
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="PolicyRule")



@_attrs_define
class PolicyRule:
    """ One approval rule. It matches an action whose type is in `types` and, when given,
    whose price is at least `minPriceCents` and whose estimated recipients are at least
    `minRecipients` (an action with no estimate never meets `minRecipients`). An action
    needs the highest `approvals` and the strictest `approvers` of the rules it matches;
    with none, one approval by any member.

        Attributes:
            types (list[ActionType]):
            approvals (PolicyRuleApprovals): How many different people must approve.
            approvers (PolicyRuleApprovers): `admins`: only admins and owners may approve or reject.
            min_price_cents (int | None | Unset): Only paid messages at or above this price, in cents.
            min_recipients (int | None | Unset): Only actions whose estimated recipients are at least this many.
     """

    types: list[ActionType]
    approvals: PolicyRuleApprovals
    approvers: PolicyRuleApprovers
    min_price_cents: int | None | Unset = UNSET
    min_recipients: int | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        types = []
        for types_item_data in self.types:
            types_item: str = types_item_data
            types.append(types_item)



        approvals: int = self.approvals

        approvers: str = self.approvers

        min_price_cents: int | None | Unset
        if isinstance(self.min_price_cents, Unset):
            min_price_cents = UNSET
        else:
            min_price_cents = self.min_price_cents

        min_recipients: int | None | Unset
        if isinstance(self.min_recipients, Unset):
            min_recipients = UNSET
        else:
            min_recipients = self.min_recipients


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "types": types,
            "approvals": approvals,
            "approvers": approvers,
        })
        if min_price_cents is not UNSET:
            field_dict["minPriceCents"] = min_price_cents
        if min_recipients is not UNSET:
            field_dict["minRecipients"] = min_recipients

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        types = []
        _types = d.pop("types")
        for types_item_data in (_types):
            types_item = check_action_type(types_item_data)



            types.append(types_item)


        approvals = check_policy_rule_approvals(d.pop("approvals"))




        approvers = check_policy_rule_approvers(d.pop("approvers"))




        def _parse_min_price_cents(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        min_price_cents = _parse_min_price_cents(d.pop("minPriceCents", UNSET))


        def _parse_min_recipients(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        min_recipients = _parse_min_recipients(d.pop("minRecipients", UNSET))


        policy_rule = cls(
            types=types,
            approvals=approvals,
            approvers=approvers,
            min_price_cents=min_price_cents,
            min_recipients=min_recipients,
        )

        return policy_rule

