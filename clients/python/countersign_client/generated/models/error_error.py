from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.error_code import check_error_code
from ..models.error_code import ErrorCode
from ..models.error_error_account_status import check_error_error_account_status
from ..models.error_error_account_status import ErrorErrorAccountStatus
from ..models.error_type import check_error_type
from ..models.error_type import ErrorType
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="ErrorError")



@_attrs_define
class ErrorError:
    """ 
        Attributes:
            type_ (ErrorType): The family of the error. It decides the HTTP status.
            code (ErrorCode): Stable error code; branch on it. Each is described, with what to do, at
                `/docs/errors#<code>`. `not_signed_in`, `workspace_not_found` and
                `link_not_ready` come only from the dashboard and the hosted link page. This list is kept in step with (and
                tested against)
                `service/errors/codes.py`.
            message (str): A sentence for people. Do not branch on it.
            docs_url (str): Link to this code on the errors page, `/docs/errors#<code>`.
            hint (str | Unset): What to do next.
            param (str | Unset): The parameter that failed validation: a query parameter or header name,
                or a dotted body path such as `params.audience.fanIds`.
            permission (str | Unset): The missing scope or permission, e.g. `write` or `account:4823519`.
            account_status (ErrorErrorAccountStatus | Unset): Sent with `account_unavailable`.
     """

    type_: ErrorType
    code: ErrorCode
    message: str
    docs_url: str
    hint: str | Unset = UNSET
    param: str | Unset = UNSET
    permission: str | Unset = UNSET
    account_status: ErrorErrorAccountStatus | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

        code: str = self.code

        message = self.message

        docs_url = self.docs_url

        hint = self.hint

        param = self.param

        permission = self.permission

        account_status: str | Unset = UNSET
        if not isinstance(self.account_status, Unset):
            account_status = self.account_status



        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "code": code,
            "message": message,
            "docsUrl": docs_url,
        })
        if hint is not UNSET:
            field_dict["hint"] = hint
        if param is not UNSET:
            field_dict["param"] = param
        if permission is not UNSET:
            field_dict["permission"] = permission
        if account_status is not UNSET:
            field_dict["accountStatus"] = account_status

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = check_error_type(d.pop("type"))




        code = check_error_code(d.pop("code"))




        message = d.pop("message")

        docs_url = d.pop("docsUrl")

        hint = d.pop("hint", UNSET)

        param = d.pop("param", UNSET)

        permission = d.pop("permission", UNSET)

        _account_status = d.pop("accountStatus", UNSET)
        account_status: ErrorErrorAccountStatus | Unset
        if isinstance(_account_status,  Unset):
            account_status = UNSET
        else:
            account_status = check_error_error_account_status(_account_status)




        error_error = cls(
            type_=type_,
            code=code,
            message=message,
            docs_url=docs_url,
            hint=hint,
            param=param,
            permission=permission,
            account_status=account_status,
        )


        error_error.additional_properties = d
        return error_error

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
