from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.action_type import ActionType
from ..models.action_type import check_action_type
from ..models.apply_policy_suggestion_body_kind import ApplyPolicySuggestionBodyKind
from ..models.apply_policy_suggestion_body_kind import check_apply_policy_suggestion_body_kind
from ..models.apply_policy_suggestion_body_stage import ApplyPolicySuggestionBodyStage
from ..models.apply_policy_suggestion_body_stage import check_apply_policy_suggestion_body_stage
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="ApplyPolicySuggestionBody")



@_attrs_define
class ApplyPolicySuggestionBody:
    """ 
        Attributes:
            type_ (ActionType): Every type, as `GET /v1/action-types` lists them with their routes and schemas.
            stage (ApplyPolicySuggestionBodyStage):
            kind (ApplyPolicySuggestionBodyKind | Unset): Which of the type's suggestions (omitted: the first listed).
     """

    type_: ActionType
    stage: ApplyPolicySuggestionBodyStage
    kind: ApplyPolicySuggestionBodyKind | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

        stage: str = self.stage

        kind: str | Unset = UNSET
        if not isinstance(self.kind, Unset):
            kind = self.kind



        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "stage": stage,
        })
        if kind is not UNSET:
            field_dict["kind"] = kind

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = check_action_type(d.pop("type"))




        stage = check_apply_policy_suggestion_body_stage(d.pop("stage"))




        _kind = d.pop("kind", UNSET)
        kind: ApplyPolicySuggestionBodyKind | Unset
        if isinstance(_kind,  Unset):
            kind = UNSET
        else:
            kind = check_apply_policy_suggestion_body_kind(_kind)




        apply_policy_suggestion_body = cls(
            type_=type_,
            stage=stage,
            kind=kind,
        )

        return apply_policy_suggestion_body

