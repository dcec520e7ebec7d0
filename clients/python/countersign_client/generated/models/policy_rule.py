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

if TYPE_CHECKING:
  from ..models.policy_rule_paused import PolicyRulePaused





T = TypeVar("T", bound="PolicyRule")



@_attrs_define
class PolicyRule:
    """ One approval rule. It matches an action whose type is in `types` and, when given,
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

        Attributes:
            types (list[ActionType]):
            approvals (PolicyRuleApprovals): How many different people must approve; 0 for an allowance (with `maxPerDay`).
            approvers (PolicyRuleApprovers): `admins`: only admins and owners may approve or reject.
            max_per_day (int | Unset): Only with `approvals: 0`: how many matching actions per account the policy
                approves in any 24 hours (a rolling window, not a calendar day). Changing only
                this number keeps what was used.
            min_price_cents (int | None | Unset): Only paid messages at or above this price, in cents.
            min_recipients (int | None | Unset): Only actions whose estimated recipients are at least this many.
            escalate_after_minutes (int | Unset): Additive field. An action this rule matches that is still pending this
                many
                minutes after it was created is escalated once: the workspace's owners and
                admins are told (mail, on shift or not), the action shows `escalatedAt`, and
                `action.escalated` is sent. When several matched rules say it, the soonest
                counts. Absent: never escalated.
            shadow (bool | Unset): Only with `approvals: 0`, and shown only when true. A shadow allowance approves
                nothing: matching actions wait for people exactly as without the rule, and each
                carries `shadow: {wouldApprove, rule}` saying what the allowance would have done.
                Drop `shadow` (send the rule without it) to turn the allowance on.
            paused (PolicyRulePaused | Unset): Only on a live allowance, and shown only while it is paused. A paused
                allowance
                stays in the policy but approves nothing: its matching actions need one person
                (of its `approvers`). The service pauses an allowance itself, once, when the
                actions it approved start failing on the platform (see the `allowance.paused`
                webhook event); a person resumes it by sending the rule without `paused`.
                Sending it back unchanged keeps the rule paused.
            resumed_at (str | Unset): Only on a live allowance that was paused and then resumed: when a person resumed
                it (RFC 3339, set by the service). Its record of platform failures counts from here.
     """

    types: list[ActionType]
    approvals: PolicyRuleApprovals
    approvers: PolicyRuleApprovers
    max_per_day: int | Unset = UNSET
    min_price_cents: int | None | Unset = UNSET
    min_recipients: int | None | Unset = UNSET
    escalate_after_minutes: int | Unset = UNSET
    shadow: bool | Unset = UNSET
    paused: PolicyRulePaused | Unset = UNSET
    resumed_at: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.policy_rule_paused import PolicyRulePaused # noqa: PLC0415
        types = []
        for types_item_data in self.types:
            types_item: str = types_item_data
            types.append(types_item)



        approvals: int = self.approvals

        approvers: str = self.approvers

        max_per_day = self.max_per_day

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

        escalate_after_minutes = self.escalate_after_minutes

        shadow = self.shadow

        paused: dict[str, Any] | Unset = UNSET
        if not isinstance(self.paused, Unset):
            paused = self.paused.to_dict()

        resumed_at = self.resumed_at


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "types": types,
            "approvals": approvals,
            "approvers": approvers,
        })
        if max_per_day is not UNSET:
            field_dict["maxPerDay"] = max_per_day
        if min_price_cents is not UNSET:
            field_dict["minPriceCents"] = min_price_cents
        if min_recipients is not UNSET:
            field_dict["minRecipients"] = min_recipients
        if escalate_after_minutes is not UNSET:
            field_dict["escalateAfterMinutes"] = escalate_after_minutes
        if shadow is not UNSET:
            field_dict["shadow"] = shadow
        if paused is not UNSET:
            field_dict["paused"] = paused
        if resumed_at is not UNSET:
            field_dict["resumedAt"] = resumed_at

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.policy_rule_paused import PolicyRulePaused # noqa: PLC0415
        d = dict(src_dict)
        types = []
        _types = d.pop("types")
        for types_item_data in (_types):
            types_item = check_action_type(types_item_data)



            types.append(types_item)


        approvals = check_policy_rule_approvals(d.pop("approvals"))




        approvers = check_policy_rule_approvers(d.pop("approvers"))




        max_per_day = d.pop("maxPerDay", UNSET)

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


        escalate_after_minutes = d.pop("escalateAfterMinutes", UNSET)

        shadow = d.pop("shadow", UNSET)

        _paused = d.pop("paused", UNSET)
        paused: PolicyRulePaused | Unset
        if isinstance(_paused,  Unset):
            paused = UNSET
        else:
            paused = PolicyRulePaused.from_dict(_paused)




        resumed_at = d.pop("resumedAt", UNSET)

        policy_rule = cls(
            types=types,
            approvals=approvals,
            approvers=approvers,
            max_per_day=max_per_day,
            min_price_cents=min_price_cents,
            min_recipients=min_recipients,
            escalate_after_minutes=escalate_after_minutes,
            shadow=shadow,
            paused=paused,
            resumed_at=resumed_at,
        )

        return policy_rule

