from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.write_limited_error_error_code import check_write_limited_error_error_code
from ..models.write_limited_error_error_code import WriteLimitedErrorErrorCode
from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast






T = TypeVar("T", bound="WriteLimitedErrorError")



@_attrs_define
class WriteLimitedErrorError:
    """ 
        Attributes:
            type_ (Literal['rate_limited'] | Unset):
            code (WriteLimitedErrorErrorCode | Unset):
     """

    type_: Literal['rate_limited'] | Unset = UNSET
    code: WriteLimitedErrorErrorCode | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        code: str | Unset = UNSET
        if not isinstance(self.code, Unset):
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
        type_ = cast(Literal['rate_limited'] | Unset , d.pop("type", UNSET))
        if type_ != 'rate_limited'and not isinstance(type_, Unset):
            raise ValueError(f"type must match const 'rate_limited', got '{type_}'")

        _code = d.pop("code", UNSET)
        code: WriteLimitedErrorErrorCode | Unset
        if isinstance(_code,  Unset):
            code = UNSET
        else:
            code = check_write_limited_error_error_code(_code)




        write_limited_error_error = cls(
            type_=type_,
            code=code,
        )


        write_limited_error_error.additional_properties = d
        return write_limited_error_error

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
