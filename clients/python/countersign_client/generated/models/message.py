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





T = TypeVar("T", bound="Message")



@_attrs_define
class Message:
    """ One message of a chat.

        Attributes:
            id (str): An id on the platform (fan, fan list, message, vault media). Never holds a C0 or C1
                control character, U+2028 or U+2029, or a bidirectional formatting character
                (U+202A to U+202E, U+2066 to U+2069): it ends up in paths, summaries, logs and mail
                subjects, where those would break lines or reorder what a reader sees. Such an id
                is `400 invalid_parameter` naming the param. Never `.` or `..` either (a path that
                normalises would read those as another route).
            fan_id (str): An id on the platform (fan, fan list, message, vault media). Never holds a C0 or C1
                control character, U+2028 or U+2029, or a bidirectional formatting character
                (U+202A to U+202E, U+2066 to U+2069): it ends up in paths, summaries, logs and mail
                subjects, where those would break lines or reorder what a reader sees. Such an id
                is `400 invalid_parameter` naming the param. Never `.` or `..` either (a path that
                normalises would read those as another route).
            from_creator (bool): True when the creator sent it, false when the fan did.
            text (str): The text as the platform holds it (HTML).
            price (Money | None): The price of a paid message; null when free.
            media_ids (list[str]):
            mass_message_id (None | str): Set on each copy of a mass message.
            created_at (datetime.datetime): ISO 8601 / RFC 3339 instant, in UTC.
     """

    id: str
    fan_id: str
    from_creator: bool
    text: str
    price: Money | None
    media_ids: list[str]
    mass_message_id: None | str
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.money import Money # noqa: PLC0415
        id = self.id

        fan_id = self.fan_id

        from_creator = self.from_creator

        text = self.text

        price: dict[str, Any] | None
        if isinstance(self.price, Money):
            price = self.price.to_dict()
        else:
            price = self.price

        media_ids = self.media_ids



        mass_message_id: None | str
        mass_message_id = self.mass_message_id

        created_at = self.created_at.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "fanId": fan_id,
            "fromCreator": from_creator,
            "text": text,
            "price": price,
            "mediaIds": media_ids,
            "massMessageId": mass_message_id,
            "createdAt": created_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.money import Money # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        fan_id = d.pop("fanId")

        from_creator = d.pop("fromCreator")

        text = d.pop("text")

        def _parse_price(data: object) -> Money | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                price_type_1 = Money.from_dict(data)



                return price_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Money | None, data)

        price = _parse_price(d.pop("price"))


        media_ids = cast(list[str], d.pop("mediaIds"))


        def _parse_mass_message_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        mass_message_id = _parse_mass_message_id(d.pop("massMessageId"))


        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))




        message = cls(
            id=id,
            fan_id=fan_id,
            from_creator=from_creator,
            text=text,
            price=price,
            media_ids=media_ids,
            mass_message_id=mass_message_id,
            created_at=created_at,
        )


        message.additional_properties = d
        return message

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
