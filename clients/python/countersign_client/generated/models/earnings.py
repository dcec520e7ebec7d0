from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.earnings_day import EarningsDay
  from ..models.money import Money





T = TypeVar("T", bound="Earnings")



@_attrs_define
class Earnings:
    """ Net earnings by source for the range (the sum of its days) and per day. `total`
    counts every source, including ones not broken out here (posts, referrals).

        Attributes:
            start_date (datetime.date):
            end_date (datetime.date):
            total (Money): An amount of money.
            subscribes (Money): An amount of money.
            tips (Money): An amount of money.
            chat_messages (Money): An amount of money.
            days (list[EarningsDay]): The days of the range the data holds, oldest first.
     """

    start_date: datetime.date
    end_date: datetime.date
    total: Money
    subscribes: Money
    tips: Money
    chat_messages: Money
    days: list[EarningsDay]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.earnings_day import EarningsDay # noqa: PLC0415
        from ..models.money import Money # noqa: PLC0415
        start_date = self.start_date.isoformat()

        end_date = self.end_date.isoformat()

        total = self.total.to_dict()

        subscribes = self.subscribes.to_dict()

        tips = self.tips.to_dict()

        chat_messages = self.chat_messages.to_dict()

        days = []
        for days_item_data in self.days:
            days_item = days_item_data.to_dict()
            days.append(days_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "startDate": start_date,
            "endDate": end_date,
            "total": total,
            "subscribes": subscribes,
            "tips": tips,
            "chat_messages": chat_messages,
            "days": days,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.earnings_day import EarningsDay # noqa: PLC0415
        from ..models.money import Money # noqa: PLC0415
        d = dict(src_dict)
        start_date = datetime.date.fromisoformat(d.pop("startDate"))




        end_date = datetime.date.fromisoformat(d.pop("endDate"))




        total = Money.from_dict(d.pop("total"))




        subscribes = Money.from_dict(d.pop("subscribes"))




        tips = Money.from_dict(d.pop("tips"))




        chat_messages = Money.from_dict(d.pop("chat_messages"))




        days = []
        _days = d.pop("days")
        for days_item_data in (_days):
            days_item = EarningsDay.from_dict(days_item_data)



            days.append(days_item)


        earnings = cls(
            start_date=start_date,
            end_date=end_date,
            total=total,
            subscribes=subscribes,
            tips=tips,
            chat_messages=chat_messages,
            days=days,
        )


        earnings.additional_properties = d
        return earnings

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
