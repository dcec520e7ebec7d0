from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.action_status import ActionStatus
from ..models.action_status import check_action_status
from ..models.action_type import ActionType
from ..models.action_type import check_action_type
from typing import cast
import datetime






T = TypeVar("T", bound="ShadowRecordLetThroughItem")



@_attrs_define
class ShadowRecordLetThroughItem:
    """ 
        Attributes:
            id (str): Action id.
            type_ (ActionType): Every type, as `GET /v1/action-types` lists them with their routes and schemas.
            summary (str):
            status (ActionStatus): `pending` until a person decides (or 24 hours pass: `expired`). `approved`
                actions run: `executing`, then `executed` (with `result`) or `failed` (with
                `error`). `rejected` actions never run. `cancelled` (additive, spelled as hosted
                links spell it) ends a `pending` action, or an `approved` one that had not started,
                through `POST /v1/actions/{actionId}/cancel`: it never runs. Clients should treat
                an unknown status as final and read `decidedBy`.
            edited (bool):
            created_at (datetime.datetime):
     """

    id: str
    type_: ActionType
    summary: str
    status: ActionStatus
    edited: bool
    created_at: datetime.datetime





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        type_: str = self.type_

        summary = self.summary

        status: str = self.status

        edited = self.edited

        created_at = self.created_at.isoformat()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "type": type_,
            "summary": summary,
            "status": status,
            "edited": edited,
            "createdAt": created_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        type_ = check_action_type(d.pop("type"))




        summary = d.pop("summary")

        status = check_action_status(d.pop("status"))




        edited = d.pop("edited")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))




        shadow_record_let_through_item = cls(
            id=id,
            type_=type_,
            summary=summary,
            status=status,
            edited=edited,
            created_at=created_at,
        )

        return shadow_record_let_through_item

