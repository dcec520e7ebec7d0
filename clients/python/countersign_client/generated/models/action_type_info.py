from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.action_type import ActionType
from ..models.action_type import check_action_type
from typing import cast

if TYPE_CHECKING:
  from ..models.action_type_info_params import ActionTypeInfoParams
  from ..models.action_type_info_result import ActionTypeInfoResult





T = TypeVar("T", bound="ActionTypeInfo")



@_attrs_define
class ActionTypeInfo:
    """ 
        Attributes:
            type_ (ActionType): Every type, as `GET /v1/action-types` lists them with their routes and schemas.
            description (str): What the write does on the platform.
            routes (list[str]): The platform routes the type performs, e.g. `POST /chats/:id/mark-as-read`.
            params (ActionTypeInfoParams): The JSON Schema (2020-12) of the type's `params`.
            result (ActionTypeInfoResult): The JSON Schema (2020-12) of the type's `result` in live mode.
     """

    type_: ActionType
    description: str
    routes: list[str]
    params: ActionTypeInfoParams
    result: ActionTypeInfoResult





    def to_dict(self) -> dict[str, Any]:
        from ..models.action_type_info_params import ActionTypeInfoParams # noqa: PLC0415
        from ..models.action_type_info_result import ActionTypeInfoResult # noqa: PLC0415
        type_: str = self.type_

        description = self.description

        routes = self.routes



        params = self.params.to_dict()

        result = self.result.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "description": description,
            "routes": routes,
            "params": params,
            "result": result,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.action_type_info_params import ActionTypeInfoParams # noqa: PLC0415
        from ..models.action_type_info_result import ActionTypeInfoResult # noqa: PLC0415
        d = dict(src_dict)
        type_ = check_action_type(d.pop("type"))




        description = d.pop("description")

        routes = cast(list[str], d.pop("routes"))


        params = ActionTypeInfoParams.from_dict(d.pop("params"))




        result = ActionTypeInfoResult.from_dict(d.pop("result"))




        action_type_info = cls(
            type_=type_,
            description=description,
            routes=routes,
            params=params,
            result=result,
        )

        return action_type_info

