from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.account_status import AccountStatus
from ..models.account_status import check_account_status
from typing import cast






T = TypeVar("T", bound="AccountStatusChangedEventData")



@_attrs_define
class AccountStatusChangedEventData:
    """ 
        Attributes:
            account_id (str): The account (the creator's platform user id).
            status (AccountStatus): `needs_relink`: the platform session expired; link the account again. With
                `needs_relink`, `awaiting_2fa`, `awaiting_selfie`, `restricted` or
                `disconnected`, live reads and writes give `409 account_unavailable`; reads
                of synced data keep working.
            previous_status (AccountStatus): `needs_relink`: the platform session expired; link the account again. With
                `needs_relink`, `awaiting_2fa`, `awaiting_selfie`, `restricted` or
                `disconnected`, live reads and writes give `409 account_unavailable`; reads
                of synced data keep working.
            status_reason (None | str): The new status's reason, as on the Account; null when healthy.
     """

    account_id: str
    status: AccountStatus
    previous_status: AccountStatus
    status_reason: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        account_id = self.account_id

        status: str = self.status

        previous_status: str = self.previous_status

        status_reason: None | str
        status_reason = self.status_reason


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "accountId": account_id,
            "status": status,
            "previousStatus": previous_status,
            "statusReason": status_reason,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        account_id = d.pop("accountId")

        status = check_account_status(d.pop("status"))




        previous_status = check_account_status(d.pop("previousStatus"))




        def _parse_status_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        status_reason = _parse_status_reason(d.pop("statusReason"))


        account_status_changed_event_data = cls(
            account_id=account_id,
            status=status,
            previous_status=previous_status,
            status_reason=status_reason,
        )


        account_status_changed_event_data.additional_properties = d
        return account_status_changed_event_data

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
