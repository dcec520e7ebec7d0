from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.failed_link_status import check_failed_link_status
from ..models.failed_link_status import FailedLinkStatus
from typing import cast
import datetime






T = TypeVar("T", bound="FailedLink")



@_attrs_define
class FailedLink:
    """ A hosted link as the `link.failed` event carries it: every field of a
    `HostedLink` but `url`. The URL's last segment is the creator's credential,
    kept by the service only as its SHA-256, so it is never written into an event
    (events are kept, and sent to webhooks). `GET /v1/links/{linkId}` shows it.

        Attributes:
            id (str): Hosted link id.
            status (FailedLinkStatus): Always `failed` in this event.
            step (None | str): The step it failed at, in plain words.
            account_id (None | str): Always null in this event (nothing was linked).
            note (None | str): The note sent at creation.
            created_at (datetime.datetime): ISO 8601 / RFC 3339 instant, in UTC.
            expires_at (datetime.datetime): ISO 8601 / RFC 3339 instant, in UTC.
     """

    id: str
    status: FailedLinkStatus
    step: None | str
    account_id: None | str
    note: None | str
    created_at: datetime.datetime
    expires_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        status: str = self.status

        step: None | str
        step = self.step

        account_id: None | str
        account_id = self.account_id

        note: None | str
        note = self.note

        created_at = self.created_at.isoformat()

        expires_at = self.expires_at.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "status": status,
            "step": step,
            "accountId": account_id,
            "note": note,
            "createdAt": created_at,
            "expiresAt": expires_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        status = check_failed_link_status(d.pop("status"))




        def _parse_step(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        step = _parse_step(d.pop("step"))


        def _parse_account_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        account_id = _parse_account_id(d.pop("accountId"))


        def _parse_note(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        note = _parse_note(d.pop("note"))


        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))




        expires_at = datetime.datetime.fromisoformat(d.pop("expiresAt"))




        failed_link = cls(
            id=id,
            status=status,
            step=step,
            account_id=account_id,
            note=note,
            created_at=created_at,
            expires_at=expires_at,
        )


        failed_link.additional_properties = d
        return failed_link

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
