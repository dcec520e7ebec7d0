from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.money import Money





T = TypeVar("T", bound="EarningsDay")



@_attrs_define
class EarningsDay:
    """ One UTC day's net earnings by source.

        Attributes:
            date (datetime.date):
            total (Money): An amount of money.
            subscribes (Money): An amount of money.
            tips (Money): An amount of money.
            chat_messages (Money): An amount of money.
     """

    date: datetime.date
    total: Money
    subscribes: Money
    tips: Money
    chat_messages: Money
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.money import Money # noqa: PLC0415
        date = self.date.isoformat()

        total = self.total.to_dict()

        subscribes = self.subscribes.to_dict()

        tips = self.tips.to_dict()

        chat_messages = self.chat_messages.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "date": date,
            "total": total,
            "subscribes": subscribes,
            "tips": tips,
            "chat_messages": chat_messages,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.money import Money # noqa: PLC0415
        d = dict(src_dict)
        date = datetime.date.fromisoformat(d.pop("date"))




        total = Money.from_dict(d.pop("total"))




        subscribes = Money.from_dict(d.pop("subscribes"))




        tips = Money.from_dict(d.pop("tips"))




        chat_messages = Money.from_dict(d.pop("chat_messages"))




        earnings_day = cls(
            date=date,
            total=total,
            subscribes=subscribes,
            tips=tips,
            chat_messages=chat_messages,
        )


        earnings_day.additional_properties = d
        return earnings_day

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
