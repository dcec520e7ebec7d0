from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







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
            at (str): When it was paused (RFC 3339).
            reason (str):
     """

    at: str
    reason: str





    def to_dict(self) -> dict[str, Any]:
        at = self.at

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
        at = d.pop("at")

        reason = d.pop("reason")

        policy_rule_paused = cls(
            at=at,
            reason=reason,
        )

        return policy_rule_paused

