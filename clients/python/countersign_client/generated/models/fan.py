from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.fan_subscription_status import check_fan_subscription_status
from ..models.fan_subscription_status import FanSubscriptionStatus
from typing import cast
import datetime






T = TypeVar("T", bound="Fan")



@_attrs_define
class Fan:
    """ A fan (subscriber) of an account.

        Attributes:
            id (str): An id on the platform (fan, fan list, message, vault media). Never holds a C0 or C1
                control character, U+2028 or U+2029, or a bidirectional formatting character
                (U+202A to U+202E, U+2066 to U+2069): it ends up in paths, summaries, logs and mail
                subjects, where those would break lines or reorder what a reader sees. Such an id
                is `400 invalid_parameter` naming the param. Never `.` or `..` either (a path that
                normalises would read those as another route).
            username (str): Without the leading @.
            name (None | str):
            avatar_url (None | str):
            subscription_status (FanSubscriptionStatus):
            subscribed_at (datetime.datetime | None):
            expires_at (datetime.datetime | None): When the current subscription ends or ended.
            list_ids (list[str]): The account's fan lists this fan is on.
     """

    id: str
    username: str
    name: None | str
    avatar_url: None | str
    subscription_status: FanSubscriptionStatus
    subscribed_at: datetime.datetime | None
    expires_at: datetime.datetime | None
    list_ids: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        username = self.username

        name: None | str
        name = self.name

        avatar_url: None | str
        avatar_url = self.avatar_url

        subscription_status: str = self.subscription_status

        subscribed_at: None | str
        if isinstance(self.subscribed_at, datetime.datetime):
            subscribed_at = self.subscribed_at.isoformat()
        else:
            subscribed_at = self.subscribed_at

        expires_at: None | str
        if isinstance(self.expires_at, datetime.datetime):
            expires_at = self.expires_at.isoformat()
        else:
            expires_at = self.expires_at

        list_ids = self.list_ids




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "username": username,
            "name": name,
            "avatarUrl": avatar_url,
            "subscriptionStatus": subscription_status,
            "subscribedAt": subscribed_at,
            "expiresAt": expires_at,
            "listIds": list_ids,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        username = d.pop("username")

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))


        def _parse_avatar_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        avatar_url = _parse_avatar_url(d.pop("avatarUrl"))


        subscription_status = check_fan_subscription_status(d.pop("subscriptionStatus"))




        def _parse_subscribed_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                subscribed_at_type_0 = datetime.datetime.fromisoformat(data)



                return subscribed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        subscribed_at = _parse_subscribed_at(d.pop("subscribedAt"))


        def _parse_expires_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                expires_at_type_0 = datetime.datetime.fromisoformat(data)



                return expires_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        expires_at = _parse_expires_at(d.pop("expiresAt"))


        list_ids = cast(list[str], d.pop("listIds"))


        fan = cls(
            id=id,
            username=username,
            name=name,
            avatar_url=avatar_url,
            subscription_status=subscription_status,
            subscribed_at=subscribed_at,
            expires_at=expires_at,
            list_ids=list_ids,
        )


        fan.additional_properties = d
        return fan

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
