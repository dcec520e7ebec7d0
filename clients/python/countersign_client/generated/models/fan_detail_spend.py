from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.money import Money





T = TypeVar("T", bound="FanDetailSpend")



@_attrs_define
class FanDetailSpend:
    """ What the fan paid, from the synced revenue rows (the latest version of each,
    pending or completed, not deleted).

        Attributes:
            gross (Money): An amount of money.
            net (Money): An amount of money.
     """

    gross: Money
    net: Money
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.money import Money # noqa: PLC0415
        gross = self.gross.to_dict()

        net = self.net.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "gross": gross,
            "net": net,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.money import Money # noqa: PLC0415
        d = dict(src_dict)
        gross = Money.from_dict(d.pop("gross"))




        net = Money.from_dict(d.pop("net"))




        fan_detail_spend = cls(
            gross=gross,
            net=net,
        )


        fan_detail_spend.additional_properties = d
        return fan_detail_spend

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
