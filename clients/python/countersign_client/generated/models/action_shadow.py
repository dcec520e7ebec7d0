from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="ActionShadow")



@_attrs_define
class ActionShadow:
    """ 
        Attributes:
            would_approve (bool): True when the shadow allowance would have approved the action at creation.
            rule (str): The shadow rule in words, as `decidedBy.name` would name it once live.
     """

    would_approve: bool
    rule: str





    def to_dict(self) -> dict[str, Any]:
        would_approve = self.would_approve

        rule = self.rule


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "wouldApprove": would_approve,
            "rule": rule,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        would_approve = d.pop("wouldApprove")

        rule = d.pop("rule")

        action_shadow = cls(
            would_approve=would_approve,
            rule=rule,
        )

        return action_shadow

