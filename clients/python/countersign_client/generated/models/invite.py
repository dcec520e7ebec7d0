from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.invite_role import check_invite_role
from ..models.invite_role import InviteRole
from typing import cast
import datetime






T = TypeVar("T", bound="Invite")



@_attrs_define
class Invite:
    """ 
        Attributes:
            id (str):
            email (str):
            role (InviteRole):
            created_at (datetime.datetime): ISO 8601 / RFC 3339 instant, in UTC.
            expires_at (datetime.datetime): ISO 8601 / RFC 3339 instant, in UTC.
     """

    id: str
    email: str
    role: InviteRole
    created_at: datetime.datetime
    expires_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        email = self.email

        role: str = self.role

        created_at = self.created_at.isoformat()

        expires_at = self.expires_at.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "email": email,
            "role": role,
            "createdAt": created_at,
            "expiresAt": expires_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        email = d.pop("email")

        role = check_invite_role(d.pop("role"))




        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))




        expires_at = datetime.datetime.fromisoformat(d.pop("expiresAt"))




        invite = cls(
            id=id,
            email=email,
            role=role,
            created_at=created_at,
            expires_at=expires_at,
        )


        invite.additional_properties = d
        return invite

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
