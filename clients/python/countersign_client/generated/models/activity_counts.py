from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="ActivityCounts")



@_attrs_define
class ActivityCounts:
    """ Each action counts once: approvedByPerson + approvedByAllowance + rejected + expired + cancelled + pending =
    created.

        Attributes:
            created (int): Actions created.
            approved_by_person (int): Approved by people (their quorum met), whether or not they have run since.
            approved_by_allowance (int): Approved by an allowance of the approval policy when created (`decidedBy.kind:
                policy`).
            rejected (int):
            expired (int): Left pending until they expired.
            cancelled (int): Cancelled, pending or approved (a cancelled approval counts here only).
            failed (int): Approved ones whose platform call failed (also counted as approved).
            pending (int): Still waiting for a decision.
     """

    created: int
    approved_by_person: int
    approved_by_allowance: int
    rejected: int
    expired: int
    cancelled: int
    failed: int
    pending: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        created = self.created

        approved_by_person = self.approved_by_person

        approved_by_allowance = self.approved_by_allowance

        rejected = self.rejected

        expired = self.expired

        cancelled = self.cancelled

        failed = self.failed

        pending = self.pending


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "created": created,
            "approvedByPerson": approved_by_person,
            "approvedByAllowance": approved_by_allowance,
            "rejected": rejected,
            "expired": expired,
            "cancelled": cancelled,
            "failed": failed,
            "pending": pending,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        created = d.pop("created")

        approved_by_person = d.pop("approvedByPerson")

        approved_by_allowance = d.pop("approvedByAllowance")

        rejected = d.pop("rejected")

        expired = d.pop("expired")

        cancelled = d.pop("cancelled")

        failed = d.pop("failed")

        pending = d.pop("pending")

        activity_counts = cls(
            created=created,
            approved_by_person=approved_by_person,
            approved_by_allowance=approved_by_allowance,
            rejected=rejected,
            expired=expired,
            cancelled=cancelled,
            failed=failed,
            pending=pending,
        )


        activity_counts.additional_properties = d
        return activity_counts

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
