from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.account import Account





T = TypeVar("T", bound="AccountConnectedEventData")



@_attrs_define
class AccountConnectedEventData:
    """ 
        Attributes:
            account (Account): A creator account linked to the workspace.
            link_id (str): Hosted link id.
     """

    account: Account
    link_id: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.account import Account # noqa: PLC0415
        account = self.account.to_dict()

        link_id = self.link_id


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "account": account,
            "linkId": link_id,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.account import Account # noqa: PLC0415
        d = dict(src_dict)
        account = Account.from_dict(d.pop("account"))




        link_id = d.pop("linkId")

        account_connected_event_data = cls(
            account=account,
            link_id=link_id,
        )


        account_connected_event_data.additional_properties = d
        return account_connected_event_data

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
