from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.activity_counts import ActivityCounts
  from ..models.activity_day import ActivityDay
  from ..models.shadow_record import ShadowRecord





T = TypeVar("T", bound="AccountActivity")



@_attrs_define
class AccountActivity:
    """ An account's actions per UTC day of creation, by where their decision stands.

        Attributes:
            account_id (str): An account's id, which is the creator's platform user id.
            from_ (datetime.date): First day of the range (UTC).
            to (datetime.date): Last day of the range (UTC)
            totals (ActivityCounts): Each action counts once: approvedByPerson + approvedByAllowance + rejected + expired +
                cancelled + pending = created.
            days (list[ActivityDay]):
            shadow (list[ShadowRecord] | Unset): Additive field, present in every response from this version on. Each shadow
                allowance of the account's policy (and each former one with actions in the range):
                how many actions it would have approved per day, and what people then made of them.
                Empty when the policy has no shadow rule.
     """

    account_id: str
    from_: datetime.date
    to: datetime.date
    totals: ActivityCounts
    days: list[ActivityDay]
    shadow: list[ShadowRecord] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.activity_counts import ActivityCounts # noqa: PLC0415
        from ..models.activity_day import ActivityDay # noqa: PLC0415
        from ..models.shadow_record import ShadowRecord # noqa: PLC0415
        account_id = self.account_id

        from_ = self.from_.isoformat()

        to = self.to.isoformat()

        totals = self.totals.to_dict()

        days = []
        for days_item_data in self.days:
            days_item = days_item_data.to_dict()
            days.append(days_item)



        shadow: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.shadow, Unset):
            shadow = []
            for shadow_item_data in self.shadow:
                shadow_item = shadow_item_data.to_dict()
                shadow.append(shadow_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "accountId": account_id,
            "from": from_,
            "to": to,
            "totals": totals,
            "days": days,
        })
        if shadow is not UNSET:
            field_dict["shadow"] = shadow

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.activity_counts import ActivityCounts # noqa: PLC0415
        from ..models.activity_day import ActivityDay # noqa: PLC0415
        from ..models.shadow_record import ShadowRecord # noqa: PLC0415
        d = dict(src_dict)
        account_id = d.pop("accountId")

        from_ = datetime.date.fromisoformat(d.pop("from"))




        to = datetime.date.fromisoformat(d.pop("to"))




        totals = ActivityCounts.from_dict(d.pop("totals"))




        days = []
        _days = d.pop("days")
        for days_item_data in (_days):
            days_item = ActivityDay.from_dict(days_item_data)



            days.append(days_item)


        _shadow = d.pop("shadow", UNSET)
        shadow: list[ShadowRecord] | Unset = UNSET
        if _shadow is not UNSET:
            shadow = []
            for shadow_item_data in _shadow:
                shadow_item = ShadowRecord.from_dict(shadow_item_data)



                shadow.append(shadow_item)


        account_activity = cls(
            account_id=account_id,
            from_=from_,
            to=to,
            totals=totals,
            days=days,
            shadow=shadow,
        )


        account_activity.additional_properties = d
        return account_activity

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
