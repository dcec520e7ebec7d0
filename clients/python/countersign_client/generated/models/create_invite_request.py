from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.create_invite_request_role import check_create_invite_request_role
from ..models.create_invite_request_role import CreateInviteRequestRole
from typing import cast






T = TypeVar("T", bound="CreateInviteRequest")



@_attrs_define
class CreateInviteRequest:
    """ 
        Attributes:
            email (str):
            role (CreateInviteRequestRole):
     """

    email: str
    role: CreateInviteRequestRole





    def to_dict(self) -> dict[str, Any]:
        email = self.email

        role: str = self.role


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "email": email,
            "role": role,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        email = d.pop("email")

        role = check_create_invite_request_role(d.pop("role"))




        create_invite_request = cls(
            email=email,
            role=role,
        )

        return create_invite_request

