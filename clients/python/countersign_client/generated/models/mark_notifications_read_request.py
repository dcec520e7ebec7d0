from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from typing import Literal, cast

if TYPE_CHECKING:
  from ..models.mark_notifications_read_params import MarkNotificationsReadParams





T = TypeVar("T", bound="MarkNotificationsReadRequest")



@_attrs_define
class MarkNotificationsReadRequest:
    """ 
        Attributes:
            type_ (Literal['mark_notifications_read']):
            params (MarkNotificationsReadParams): `mark_notifications_read`.
     """

    type_: Literal['mark_notifications_read']
    params: MarkNotificationsReadParams





    def to_dict(self) -> dict[str, Any]:
        from ..models.mark_notifications_read_params import MarkNotificationsReadParams # noqa: PLC0415
        type_ = self.type_

        params = self.params.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "params": params,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.mark_notifications_read_params import MarkNotificationsReadParams # noqa: PLC0415
        d = dict(src_dict)
        type_ = cast(Literal['mark_notifications_read'] , d.pop("type"))
        if type_ != 'mark_notifications_read':
            raise ValueError(f"type must match const 'mark_notifications_read', got '{type_}'")

        params = MarkNotificationsReadParams.from_dict(d.pop("params"))




        mark_notifications_read_request = cls(
            type_=type_,
            params=params,
        )

        return mark_notifications_read_request

