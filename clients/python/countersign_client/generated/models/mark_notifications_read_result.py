from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="MarkNotificationsReadResult")



@_attrs_define
class MarkNotificationsReadResult:
    """ `mark_notifications_read`.

        Attributes:
            read (Literal[True]):
     """

    read: Literal[True]





    def to_dict(self) -> dict[str, Any]:
        read = self.read


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "read": read,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        read = cast(Literal[True] , d.pop("read"))
        if read != True:
            raise ValueError(f"read must match const True, got '{read}'")

        mark_notifications_read_result = cls(
            read=read,
        )

        return mark_notifications_read_result

