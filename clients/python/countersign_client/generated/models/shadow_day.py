from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime






T = TypeVar("T", bound="ShadowDay")



@_attrs_define
class ShadowDay:
    """ One UTC day of a shadow allowance, counted as `ShadowCounts`.

        Attributes:
            date (datetime.date):
            would_approve (int):
            approved_as_is (int):
            edited (int):
            rejected (int):
            expired (int):
            pending (int):
     """

    date: datetime.date
    would_approve: int
    approved_as_is: int
    edited: int
    rejected: int
    expired: int
    pending: int





    def to_dict(self) -> dict[str, Any]:
        date = self.date.isoformat()

        would_approve = self.would_approve

        approved_as_is = self.approved_as_is

        edited = self.edited

        rejected = self.rejected

        expired = self.expired

        pending = self.pending


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "date": date,
            "wouldApprove": would_approve,
            "approvedAsIs": approved_as_is,
            "edited": edited,
            "rejected": rejected,
            "expired": expired,
            "pending": pending,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        date = datetime.date.fromisoformat(d.pop("date"))




        would_approve = d.pop("wouldApprove")

        approved_as_is = d.pop("approvedAsIs")

        edited = d.pop("edited")

        rejected = d.pop("rejected")

        expired = d.pop("expired")

        pending = d.pop("pending")

        shadow_day = cls(
            date=date,
            would_approve=would_approve,
            approved_as_is=approved_as_is,
            edited=edited,
            rejected=rejected,
            expired=expired,
            pending=pending,
        )

        return shadow_day

