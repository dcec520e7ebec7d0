from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.action_type import ActionType
from ..models.action_type import check_action_type
from ..models.policy_suggestion_kind import check_policy_suggestion_kind
from ..models.policy_suggestion_kind import PolicySuggestionKind
from ..models.policy_suggestion_state import check_policy_suggestion_state
from ..models.policy_suggestion_state import PolicySuggestionState
from typing import cast

if TYPE_CHECKING:
  from ..models.policy_rule import PolicyRule
  from ..models.policy_suggestion_figures import PolicySuggestionFigures
  from ..models.policy_suggestion_limit import PolicySuggestionLimit





T = TypeVar("T", bound="PolicySuggestion")



@_attrs_define
class PolicySuggestion:
    """ One action type's suggested rule and the figures it rests on. `admins_above`
    (priced actions, besides the type's other suggestion): with at least 40 priced
    actions decided by people in the window, P is the 90th percentile price of the
    approved ones (unedited), down to whole dollars; when at least 10% of those at or
    above P were rejected or edited, and at least twice the share below P, an admin
    approves the type's actions from P on (`minPriceCents: P, approvers: admins`).
    Its `because` gives the priced figures.

        Attributes:
            account_id (str): An account's id, which is the creator's platform user id.
            type_ (ActionType): Every type, as `GET /v1/action-types` lists them with their routes and schemas.
            kind (PolicySuggestionKind):
            rule (None | PolicyRule): The approval rule suggested; null for a daily limit alone.
            limit (PolicySuggestionLimit): The daily limit suggested, near the busiest day seen.
            state (PolicySuggestionState): `shadow`: the suggested allowance runs in shadow; `applied`: the policy has the
                suggested rule.
            because (str): The figures in words.
            figures (PolicySuggestionFigures): Over the last `days` days: the type's actions approved by people as asked,
                edited
                by people before their decision, rejected, expired, approved by an allowance, and
                failed when run; `busiestDay` is the most created on one UTC day.
     """

    account_id: str
    type_: ActionType
    kind: PolicySuggestionKind
    rule: None | PolicyRule
    limit: PolicySuggestionLimit
    state: PolicySuggestionState
    because: str
    figures: PolicySuggestionFigures





    def to_dict(self) -> dict[str, Any]:
        from ..models.policy_rule import PolicyRule # noqa: PLC0415
        from ..models.policy_suggestion_figures import PolicySuggestionFigures # noqa: PLC0415
        from ..models.policy_suggestion_limit import PolicySuggestionLimit # noqa: PLC0415
        account_id = self.account_id

        type_: str = self.type_

        kind: str = self.kind

        rule: dict[str, Any] | None
        if isinstance(self.rule, PolicyRule):
            rule = self.rule.to_dict()
        else:
            rule = self.rule

        limit = self.limit.to_dict()

        state: str = self.state

        because = self.because

        figures = self.figures.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "accountId": account_id,
            "type": type_,
            "kind": kind,
            "rule": rule,
            "limit": limit,
            "state": state,
            "because": because,
            "figures": figures,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.policy_rule import PolicyRule # noqa: PLC0415
        from ..models.policy_suggestion_figures import PolicySuggestionFigures # noqa: PLC0415
        from ..models.policy_suggestion_limit import PolicySuggestionLimit # noqa: PLC0415
        d = dict(src_dict)
        account_id = d.pop("accountId")

        type_ = check_action_type(d.pop("type"))




        kind = check_policy_suggestion_kind(d.pop("kind"))




        def _parse_rule(data: object) -> None | PolicyRule:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rule_type_0 = PolicyRule.from_dict(data)



                return rule_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PolicyRule, data)

        rule = _parse_rule(d.pop("rule"))


        limit = PolicySuggestionLimit.from_dict(d.pop("limit"))




        state = check_policy_suggestion_state(d.pop("state"))




        because = d.pop("because")

        figures = PolicySuggestionFigures.from_dict(d.pop("figures"))




        policy_suggestion = cls(
            account_id=account_id,
            type_=type_,
            kind=kind,
            rule=rule,
            limit=limit,
            state=state,
            because=because,
            figures=figures,
        )

        return policy_suggestion

