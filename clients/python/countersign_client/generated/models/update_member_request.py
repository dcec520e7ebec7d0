from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.update_member_request_role import check_update_member_request_role
from ..models.update_member_request_role import UpdateMemberRequestRole
from typing import cast






T = TypeVar("T", bound="UpdateMemberRequest")



@_attrs_define
class UpdateMemberRequest:
    """ 
        Attributes:
            role (UpdateMemberRequestRole):
     """

    role: UpdateMemberRequestRole





    def to_dict(self) -> dict[str, Any]:
        role: str = self.role


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "role": role,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        role = check_update_member_request_role(d.pop("role"))




        update_member_request = cls(
            role=role,
        )

        return update_member_request

