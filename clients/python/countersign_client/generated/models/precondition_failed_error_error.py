from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import Literal, cast






T = TypeVar("T", bound="PreconditionFailedErrorError")



@_attrs_define
class PreconditionFailedErrorError:
    """ 
        Attributes:
            type_ (Literal['conflict'] | Unset):
            code (Literal['precondition_failed'] | Unset):
     """

    type_: Literal['conflict'] | Unset = UNSET
    code: Literal['precondition_failed'] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        code = self.code


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if type_ is not UNSET:
            field_dict["type"] = type_
        if code is not UNSET:
            field_dict["code"] = code

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal['conflict'] | Unset , d.pop("type", UNSET))
        if type_ != 'conflict'and not isinstance(type_, Unset):
            raise ValueError(f"type must match const 'conflict', got '{type_}'")

        code = cast(Literal['precondition_failed'] | Unset , d.pop("code", UNSET))
        if code != 'precondition_failed'and not isinstance(code, Unset):
            raise ValueError(f"code must match const 'precondition_failed', got '{code}'")

        precondition_failed_error_error = cls(
            type_=type_,
            code=code,
        )


        precondition_failed_error_error.additional_properties = d
        return precondition_failed_error_error

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
