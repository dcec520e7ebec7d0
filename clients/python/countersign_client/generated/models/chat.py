from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.message import Message





T = TypeVar("T", bound="Chat")



@_attrs_define
class Chat:
    """ A chat with one fan; its id is the fan's id.

        Attributes:
            fan_id (str): An id on the platform (fan, fan list, message, vault media). Never holds a C0 or C1
                control character, U+2028 or U+2029, or a bidirectional formatting character
                (U+202A to U+202E, U+2066 to U+2069): it ends up in paths, summaries, logs and mail
                subjects, where those would break lines or reorder what a reader sees. Such an id
                is `400 invalid_parameter` naming the param. Never `.` or `..` either (a path that
                normalises would read those as another route).
            username (str): The fan's username, without the leading @.
            name (None | str): The fan's display name.
            last_message (Message | None):
            unread_count (int): Messages from the fan the creator has not read.
            last_activity_at (datetime.datetime): ISO 8601 / RFC 3339 instant, in UTC.
     """

    fan_id: str
    username: str
    name: None | str
    last_message: Message | None
    unread_count: int
    last_activity_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.message import Message # noqa: PLC0415
        fan_id = self.fan_id

        username = self.username

        name: None | str
        name = self.name

        last_message: dict[str, Any] | None
        if isinstance(self.last_message, Message):
            last_message = self.last_message.to_dict()
        else:
            last_message = self.last_message

        unread_count = self.unread_count

        last_activity_at = self.last_activity_at.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "fanId": fan_id,
            "username": username,
            "name": name,
            "lastMessage": last_message,
            "unreadCount": unread_count,
            "lastActivityAt": last_activity_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.message import Message # noqa: PLC0415
        d = dict(src_dict)
        fan_id = d.pop("fanId")

        username = d.pop("username")

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))


        def _parse_last_message(data: object) -> Message | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                last_message_type_1 = Message.from_dict(data)



                return last_message_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Message | None, data)

        last_message = _parse_last_message(d.pop("lastMessage"))


        unread_count = d.pop("unreadCount")

        last_activity_at = datetime.datetime.fromisoformat(d.pop("lastActivityAt"))




        chat = cls(
            fan_id=fan_id,
            username=username,
            name=name,
            last_message=last_message,
            unread_count=unread_count,
            last_activity_at=last_activity_at,
        )


        chat.additional_properties = d
        return chat

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
