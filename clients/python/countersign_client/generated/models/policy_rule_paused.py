from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime






T = TypeVar("T", bound="PolicyRulePaused")



@_attrs_define
class PolicyRulePaused:
    """ Only on a live allowance, and shown only while it is paused. A paused allowance
    stays in the policy but approves nothing: its matching actions need one person
    (of its `approvers`). The service pauses an allowance itself, once, when the
    actions it approved start failing on the platform (see the `allowance.paused`
    webhook event); a person resumes it by sending the rule without `paused`.
    Sending it back unchanged keeps the rule paused.

        Attributes:
            at (datetime.datetime):
            reason (str):
     """

    at: datetime.datetime
    reason: str





    def to_dict(self) -> dict[str, Any]:
        at = self.at.isoformat()

        reason = self.reason


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "at": at,
            "reason": reason,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        at = datetime.datetime.fromisoformat(d.pop("at"))




        reason = d.pop("reason")

        policy_rule_paused = cls(
            at=at,
            reason=reason,
        )

        return policy_rule_paused

