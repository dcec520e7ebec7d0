from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.forbidden_error_error_code import check_forbidden_error_error_code
from ..models.forbidden_error_error_code import ForbiddenErrorErrorCode
from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast






T = TypeVar("T", bound="ForbiddenErrorError")



@_attrs_define
class ForbiddenErrorError:
    """ 
        Attributes:
            type_ (Literal['permission'] | Unset):
            code (ForbiddenErrorErrorCode | Unset):
     """

    type_: Literal['permission'] | Unset = UNSET
    code: ForbiddenErrorErrorCode | Unset = UNSET
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
        type_ = cast(Literal['permission'] | Unset , d.pop("type", UNSET))
        if type_ != 'permission'and not isinstance(type_, Unset):
            raise ValueError(f"type must match const 'permission', got '{type_}'")

        _code = d.pop("code", UNSET)
        code: ForbiddenErrorErrorCode | Unset
        if isinstance(_code,  Unset):
            code = UNSET
        else:
            code = check_forbidden_error_error_code(_code)




        forbidden_error_error = cls(
            type_=type_,
            code=code,
        )


        forbidden_error_error.additional_properties = d
        return forbidden_error_error

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
