from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.error_error import ErrorError





T = TypeVar("T", bound="PreconditionFailedError")



@_attrs_define
class PreconditionFailedError:
    """ Error body of the `PreconditionFailed` response.

        Attributes:
            error (ErrorError):
            request_id (str): Request id.
     """

    error: ErrorError
    request_id: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.error_error import ErrorError # noqa: PLC0415
        error = self.error.to_dict()

        request_id = self.request_id


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "error": error,
            "requestId": request_id,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.error_error import ErrorError # noqa: PLC0415
        d = dict(src_dict)
        error = ErrorError.from_dict(d.pop("error"))




        request_id = d.pop("requestId")

        precondition_failed_error = cls(
            error=error,
            request_id=request_id,
        )


        precondition_failed_error.additional_properties = d
        return precondition_failed_error

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
