from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.update_member_request_role import check_update_member_request_role
from ..models.update_member_request_role import UpdateMemberRequestRole
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="UpdateMemberRequest")



@_attrs_define
class UpdateMemberRequest:
    """ `role`, `accountIds` or both; neither is `400 invalid_parameter`.

        Attributes:
            role (UpdateMemberRequestRole | Unset):
            account_ids (list[str] | None | Unset): The accounts a `member` sees and decides (null: every account), as
                `countersign users assign` sets them; an unknown account is `404 account_not_found`. Owners and admins see every
                account whatever is stored. Takes effect on the member's next request.
     """

    role: UpdateMemberRequestRole | Unset = UNSET
    account_ids: list[str] | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        role: str | Unset = UNSET
        if not isinstance(self.role, Unset):
            role = self.role


        account_ids: list[str] | None | Unset
        if isinstance(self.account_ids, Unset):
            account_ids = UNSET
        elif isinstance(self.account_ids, list):
            account_ids = self.account_ids


        else:
            account_ids = self.account_ids


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if role is not UNSET:
            field_dict["role"] = role
        if account_ids is not UNSET:
            field_dict["accountIds"] = account_ids

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _role = d.pop("role", UNSET)
        role: UpdateMemberRequestRole | Unset
        if isinstance(_role,  Unset):
            role = UNSET
        else:
            role = check_update_member_request_role(_role)




        def _parse_account_ids(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                account_ids_type_0 = cast(list[str], data)

                return account_ids_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        account_ids = _parse_account_ids(d.pop("accountIds", UNSET))


        update_member_request = cls(
            role=role,
            account_ids=account_ids,
        )

        return update_member_request

