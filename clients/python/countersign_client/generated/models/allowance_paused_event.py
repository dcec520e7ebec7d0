from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.event_envelope_mode import check_event_envelope_mode
from ..models.event_envelope_mode import EventEnvelopeMode
from typing import cast
from typing import Literal, cast
import datetime

if TYPE_CHECKING:
  from ..models.allowance_paused_event_data import AllowancePausedEventData





T = TypeVar("T", bound="AllowancePausedEvent")



@_attrs_define
class AllowancePausedEvent:
    """ 
        Attributes:
            id (str): Event id.
            created_at (datetime.datetime): ISO 8601 / RFC 3339 instant, in UTC.
            sequence (int): The event's number: it increases in the order events are written (with
                gaps, and shared by every endpoint the event goes to), so a receiver can
                order events that arrive out of order. For one resource (an action, an
                account, a link, a transaction id) a larger `sequence` is a later state.
                Do not use it to detect missed events: numbers are not contiguous.
            mode (EventEnvelopeMode): `test` for test-mode activity, delivered only to test-mode endpoints; a
                `test` send carries the mode of the endpoint it goes to.
            type_ (Literal['allowance.paused']):
            data (AllowancePausedEventData):
     """

    id: str
    created_at: datetime.datetime
    sequence: int
    mode: EventEnvelopeMode
    type_: Literal['allowance.paused']
    data: AllowancePausedEventData
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.allowance_paused_event_data import AllowancePausedEventData # noqa: PLC0415
        id = self.id

        created_at = self.created_at.isoformat()

        sequence = self.sequence

        mode: str = self.mode

        type_ = self.type_

        data = self.data.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "createdAt": created_at,
            "sequence": sequence,
            "mode": mode,
            "type": type_,
            "data": data,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.allowance_paused_event_data import AllowancePausedEventData # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))




        sequence = d.pop("sequence")

        mode = check_event_envelope_mode(d.pop("mode"))




        type_ = cast(Literal['allowance.paused'] , d.pop("type"))
        if type_ != 'allowance.paused':
            raise ValueError(f"type must match const 'allowance.paused', got '{type_}'")

        data = AllowancePausedEventData.from_dict(d.pop("data"))




        allowance_paused_event = cls(
            id=id,
            created_at=created_at,
            sequence=sequence,
            mode=mode,
            type_=type_,
            data=data,
        )


        allowance_paused_event.additional_properties = d
        return allowance_paused_event

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
