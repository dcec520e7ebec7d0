from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.action_execution_last_error import ActionExecutionLastError





T = TypeVar("T", bound="ActionExecution")



@_attrs_define
class ActionExecution:
    """ The retry schedule of an action the platform refused before reading it
    (nothing was sent). Additive.

        Attributes:
            attempts (int): Sends the platform refused so far (none of them reached it).
            last_error (ActionExecutionLastError): The last refusal, in the words recorded on a failed action.
            next_attempt_at (datetime.datetime | None): When it is sent again; null once the action left `approved`.
     """

    attempts: int
    last_error: ActionExecutionLastError
    next_attempt_at: datetime.datetime | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.action_execution_last_error import ActionExecutionLastError # noqa: PLC0415
        attempts = self.attempts

        last_error = self.last_error.to_dict()

        next_attempt_at: None | str
        if isinstance(self.next_attempt_at, datetime.datetime):
            next_attempt_at = self.next_attempt_at.isoformat()
        else:
            next_attempt_at = self.next_attempt_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "attempts": attempts,
            "lastError": last_error,
            "nextAttemptAt": next_attempt_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.action_execution_last_error import ActionExecutionLastError # noqa: PLC0415
        d = dict(src_dict)
        attempts = d.pop("attempts")

        last_error = ActionExecutionLastError.from_dict(d.pop("lastError"))




        def _parse_next_attempt_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                next_attempt_at_type_0 = datetime.datetime.fromisoformat(data)



                return next_attempt_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        next_attempt_at = _parse_next_attempt_at(d.pop("nextAttemptAt"))


        action_execution = cls(
            attempts=attempts,
            last_error=last_error,
            next_attempt_at=next_attempt_at,
        )


        action_execution.additional_properties = d
        return action_execution

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
