from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.allowance_paused_event_data_cause import AllowancePausedEventDataCause
from ..models.allowance_paused_event_data_cause import check_allowance_paused_event_data_cause
from typing import cast

if TYPE_CHECKING:
  from ..models.policy_rule import PolicyRule





T = TypeVar("T", bound="AllowancePausedEventData")



@_attrs_define
class AllowancePausedEventData:
    """ 
        Attributes:
            account_id (str): An account's id, which is the creator's platform user id.
            rule (PolicyRule): One approval rule. It matches an action whose type is in `types` and, when given,
                whose price is at least `minPriceCents` and whose estimated recipients are at least
                `minRecipients` (an action with no estimate never meets `minRecipients`). An action
                needs the highest `approvals` and the strictest `approvers` of the rules it matches;
                with none, one approval by any member.

                `approvals: 0` makes the rule an allowance and then needs `maxPerDay` (else `400
                invalid_parameter`, `param` `rules[i].maxPerDay`): up to `maxPerDay` matching
                actions per account in any 24 hours are approved by the policy when they are
                created (`approvalsRequired: 0`, `decidedBy.kind: policy` naming the rule), then run
                like any approved action. Beyond it an action needs one person and carries the
                warning `allowance_used_up`. An allowance applies only when every rule the action
                matches says 0; when several do, the smallest `maxPerDay` counts. Creation under an
                allowance is refused while writes are off or the account is unavailable, exactly as
                a person's approval would be; test keys' actions run in the sandbox.
            name (str): The allowance in words
            reason (str):
            cause (AllowancePausedEventDataCause): `platform_failures`: `count` of the last `of` finished actions it
                approved
                failed on the platform. `rejections`: people rejected `count` of the last
                `of` actions it matched but did not cover (beyond its `maxPerDay`) that
                they decided.
            count (int):
            of (int): The actions counted (at most 20).
            last_action_id (str): Action id.
     """

    account_id: str
    rule: PolicyRule
    name: str
    reason: str
    cause: AllowancePausedEventDataCause
    count: int
    of: int
    last_action_id: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.policy_rule import PolicyRule # noqa: PLC0415
        account_id = self.account_id

        rule = self.rule.to_dict()

        name = self.name

        reason = self.reason

        cause: str = self.cause

        count = self.count

        of = self.of

        last_action_id = self.last_action_id


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "accountId": account_id,
            "rule": rule,
            "name": name,
            "reason": reason,
            "cause": cause,
            "count": count,
            "of": of,
            "lastActionId": last_action_id,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.policy_rule import PolicyRule # noqa: PLC0415
        d = dict(src_dict)
        account_id = d.pop("accountId")

        rule = PolicyRule.from_dict(d.pop("rule"))




        name = d.pop("name")

        reason = d.pop("reason")

        cause = check_allowance_paused_event_data_cause(d.pop("cause"))




        count = d.pop("count")

        of = d.pop("of")

        last_action_id = d.pop("lastActionId")

        allowance_paused_event_data = cls(
            account_id=account_id,
            rule=rule,
            name=name,
            reason=reason,
            cause=cause,
            count=count,
            of=of,
            last_action_id=last_action_id,
        )


        allowance_paused_event_data.additional_properties = d
        return allowance_paused_event_data

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
