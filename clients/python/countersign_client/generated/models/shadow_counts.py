from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="ShadowCounts")



@_attrs_define
class ShadowCounts:
    """ Actions a shadow allowance would have approved (`wouldApprove`), by what people did:
    `approvedAsIs + edited + rejected + expired + pending` plus the cancelled ones equals
    `wouldApprove`. `edited` counts those approved after a person changed them (an edited
    one then rejected counts as rejected). An action still pending past its expiry counts
    as pending until the expirer moves it (within a minute).

        Attributes:
            would_approve (int):
            approved_as_is (int):
            edited (int):
            rejected (int):
            expired (int):
            pending (int):
     """

    would_approve: int
    approved_as_is: int
    edited: int
    rejected: int
    expired: int
    pending: int





    def to_dict(self) -> dict[str, Any]:
        would_approve = self.would_approve

        approved_as_is = self.approved_as_is

        edited = self.edited

        rejected = self.rejected

        expired = self.expired

        pending = self.pending


        field_dict: dict[str, Any] = {}

        field_dict.update({
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
        would_approve = d.pop("wouldApprove")

        approved_as_is = d.pop("approvedAsIs")

        edited = d.pop("edited")

        rejected = d.pop("rejected")

        expired = d.pop("expired")

        pending = d.pop("pending")

        shadow_counts = cls(
            would_approve=would_approve,
            approved_as_is=approved_as_is,
            edited=edited,
            rejected=rejected,
            expired=expired,
            pending=pending,
        )

        return shadow_counts

