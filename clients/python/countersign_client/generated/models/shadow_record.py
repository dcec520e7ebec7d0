from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.shadow_counts import ShadowCounts
  from ..models.shadow_day import ShadowDay
  from ..models.shadow_record_let_through_item import ShadowRecordLetThroughItem





T = TypeVar("T", bound="ShadowRecord")



@_attrs_define
class ShadowRecord:
    """ 
        Attributes:
            rule (str): The shadow rule in words.
            totals (ShadowCounts): Actions a shadow allowance would have approved (`wouldApprove`), by what people did:
                `approvedAsIs + edited + rejected + expired + pending` plus the cancelled ones equals
                `wouldApprove`. `edited` counts those approved after a person changed them (an edited
                one then rejected counts as rejected). An action still pending past its expiry counts
                as pending until the expirer moves it (within a minute).
            days (list[ShadowDay]): Only the days with an action it would have approved, oldest first.
            let_through (list[ShadowRecordLetThroughItem]): The newest actions it would have approved that a person rejected
                or edited: what
                it would have let through unchanged. At most 50.
     """

    rule: str
    totals: ShadowCounts
    days: list[ShadowDay]
    let_through: list[ShadowRecordLetThroughItem]





    def to_dict(self) -> dict[str, Any]:
        from ..models.shadow_counts import ShadowCounts # noqa: PLC0415
        from ..models.shadow_day import ShadowDay # noqa: PLC0415
        from ..models.shadow_record_let_through_item import ShadowRecordLetThroughItem # noqa: PLC0415
        rule = self.rule

        totals = self.totals.to_dict()

        days = []
        for days_item_data in self.days:
            days_item = days_item_data.to_dict()
            days.append(days_item)



        let_through = []
        for let_through_item_data in self.let_through:
            let_through_item = let_through_item_data.to_dict()
            let_through.append(let_through_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "rule": rule,
            "totals": totals,
            "days": days,
            "letThrough": let_through,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.shadow_counts import ShadowCounts # noqa: PLC0415
        from ..models.shadow_day import ShadowDay # noqa: PLC0415
        from ..models.shadow_record_let_through_item import ShadowRecordLetThroughItem # noqa: PLC0415
        d = dict(src_dict)
        rule = d.pop("rule")

        totals = ShadowCounts.from_dict(d.pop("totals"))




        days = []
        _days = d.pop("days")
        for days_item_data in (_days):
            days_item = ShadowDay.from_dict(days_item_data)



            days.append(days_item)


        let_through = []
        _let_through = d.pop("letThrough")
        for let_through_item_data in (_let_through):
            let_through_item = ShadowRecordLetThroughItem.from_dict(let_through_item_data)



            let_through.append(let_through_item)


        shadow_record = cls(
            rule=rule,
            totals=totals,
            days=days,
            let_through=let_through,
        )

        return shadow_record

