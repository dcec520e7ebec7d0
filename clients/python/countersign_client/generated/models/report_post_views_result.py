from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="ReportPostViewsResult")



@_attrs_define
class ReportPostViewsResult:
    """ `report_post_views`.

        Attributes:
            reported (int): How many events the platform took.
     """

    reported: int





    def to_dict(self) -> dict[str, Any]:
        reported = self.reported


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "reported": reported,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        reported = d.pop("reported")

        report_post_views_result = cls(
            reported=reported,
        )

        return report_post_views_result

