from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="PolicySuggestionFigures")



@_attrs_define
class PolicySuggestionFigures:
    """ Over the last `days` days: the type's actions approved by people as asked, edited
    by people before their decision, rejected, expired, approved by an allowance, and
    failed when run; `busiestDay` is the most created on one UTC day.

        Attributes:
            days (int):
            approved_unedited (int):
            edited (int):
            rejected (int):
            expired (int):
            approved_by_allowance (int):
            failed (int):
            busiest_day (int):
     """

    days: int
    approved_unedited: int
    edited: int
    rejected: int
    expired: int
    approved_by_allowance: int
    failed: int
    busiest_day: int





    def to_dict(self) -> dict[str, Any]:
        days = self.days

        approved_unedited = self.approved_unedited

        edited = self.edited

        rejected = self.rejected

        expired = self.expired

        approved_by_allowance = self.approved_by_allowance

        failed = self.failed

        busiest_day = self.busiest_day


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "days": days,
            "approvedUnedited": approved_unedited,
            "edited": edited,
            "rejected": rejected,
            "expired": expired,
            "approvedByAllowance": approved_by_allowance,
            "failed": failed,
            "busiestDay": busiest_day,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        days = d.pop("days")

        approved_unedited = d.pop("approvedUnedited")

        edited = d.pop("edited")

        rejected = d.pop("rejected")

        expired = d.pop("expired")

        approved_by_allowance = d.pop("approvedByAllowance")

        failed = d.pop("failed")

        busiest_day = d.pop("busiestDay")

        policy_suggestion_figures = cls(
            days=days,
            approved_unedited=approved_unedited,
            edited=edited,
            rejected=rejected,
            expired=expired,
            approved_by_allowance=approved_by_allowance,
            failed=failed,
            busiest_day=busiest_day,
        )

        return policy_suggestion_figures

