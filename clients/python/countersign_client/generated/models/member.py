from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.member_role import check_member_role
from ..models.member_role import MemberRole
from ..models.member_shift import check_member_shift
from ..models.member_shift import MemberShift
from typing import cast






T = TypeVar("T", bound="Member")



@_attrs_define
class Member:
    """ 
        Attributes:
            id (str): The person's user id (`usr_…`).
            email (str):
            name (str):
            role (MemberRole):
            account_ids (list[str] | None): The accounts a `member` is assigned to: they see and decide only these. null:
                every account. Owners and admins see every account whatever is stored here.
            shift (MemberShift): Whether new actions reach them: on, away (`off`), or by their weekly schedule.
     """

    id: str
    email: str
    name: str
    role: MemberRole
    account_ids: list[str] | None
    shift: MemberShift
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        email = self.email

        name = self.name

        role: str = self.role

        account_ids: list[str] | None
        if isinstance(self.account_ids, list):
            account_ids = self.account_ids


        else:
            account_ids = self.account_ids

        shift: str = self.shift


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "email": email,
            "name": name,
            "role": role,
            "accountIds": account_ids,
            "shift": shift,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        email = d.pop("email")

        name = d.pop("name")

        role = check_member_role(d.pop("role"))




        def _parse_account_ids(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                account_ids_type_0 = cast(list[str], data)

                return account_ids_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        account_ids = _parse_account_ids(d.pop("accountIds"))


        shift = check_member_shift(d.pop("shift"))




        member = cls(
            id=id,
            email=email,
            name=name,
            role=role,
            account_ids=account_ids,
            shift=shift,
        )


        member.additional_properties = d
        return member

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
