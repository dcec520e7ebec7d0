from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.action_warning_code import ActionWarningCode
from ..models.action_warning_code import check_action_warning_code
from typing import cast






T = TypeVar("T", bound="ActionWarning")



@_attrs_define
class ActionWarning:
    """ 
        Attributes:
            code (ActionWarningCode):
            message (str): One plain sentence for the approver.
            param (None | str): The param it is about, as a JSON-pointer-like path into `params` (`fanId`,
                `audience.listIds[1]`, `mediaIds[0]`, `priceCents`); null for the account as a whole.
     """

    code: ActionWarningCode
    message: str
    param: None | str





    def to_dict(self) -> dict[str, Any]:
        code: str = self.code

        message = self.message

        param: None | str
        param = self.param


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "code": code,
            "message": message,
            "param": param,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = check_action_warning_code(d.pop("code"))




        message = d.pop("message")

        def _parse_param(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        param = _parse_param(d.pop("param"))


        action_warning = cls(
            code=code,
            message=message,
            param=param,
        )

        return action_warning

