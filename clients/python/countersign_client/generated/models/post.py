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





T = TypeVar("T", bound="Post")



@_attrs_define
class Post:
    """ A published post.

        Attributes:
            id (str): An id on the platform (fan, fan list, message, vault media). Never holds a C0 or C1
                control character, U+2028 or U+2029, or a bidirectional formatting character
                (U+202A to U+202E, U+2066 to U+2069): it ends up in paths, summaries, logs and mail
                subjects, where those would break lines or reorder what a reader sees. Such an id
                is `400 invalid_parameter` naming the param. Never `.` or `..` either (a path that
                normalises would read those as another route).
            text (str): HTML, as the platform holds it.
            price (Money | None): The price of a paid post; null when free.
            media_ids (list[str]):
            posted_at (datetime.datetime): ISO 8601 / RFC 3339 instant, in UTC.
            likes_count (int):
            comments_count (int):
            tips (Money): An amount of money.
            is_pinned (bool):
     """

    id: str
    text: str
    price: Money | None
    media_ids: list[str]
    posted_at: datetime.datetime
    likes_count: int
    comments_count: int
    tips: Money
    is_pinned: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.money import Money # noqa: PLC0415
        id = self.id

        text = self.text

        price: dict[str, Any] | None
        if isinstance(self.price, Money):
            price = self.price.to_dict()
        else:
            price = self.price

        media_ids = self.media_ids



        posted_at = self.posted_at.isoformat()

        likes_count = self.likes_count

        comments_count = self.comments_count

        tips = self.tips.to_dict()

        is_pinned = self.is_pinned


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "text": text,
            "price": price,
            "mediaIds": media_ids,
            "postedAt": posted_at,
            "likesCount": likes_count,
            "commentsCount": comments_count,
            "tips": tips,
            "isPinned": is_pinned,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.money import Money # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

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


        posted_at = datetime.datetime.fromisoformat(d.pop("postedAt"))




        likes_count = d.pop("likesCount")

        comments_count = d.pop("commentsCount")

        tips = Money.from_dict(d.pop("tips"))




        is_pinned = d.pop("isPinned")

        post = cls(
            id=id,
            text=text,
            price=price,
            media_ids=media_ids,
            posted_at=posted_at,
            likes_count=likes_count,
            comments_count=comments_count,
            tips=tips,
            is_pinned=is_pinned,
        )


        post.additional_properties = d
        return post

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
