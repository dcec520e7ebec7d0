from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="SimulatedResult")



@_attrs_define
class SimulatedResult:
    """ Any type in test mode. The action never reached the platform.

        Attributes:
            simulated (Literal[True]):
     """

    simulated: Literal[True]





    def to_dict(self) -> dict[str, Any]:
        simulated = self.simulated


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "simulated": simulated,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        simulated = cast(Literal[True] , d.pop("simulated"))
        if simulated != True:
            raise ValueError(f"simulated must match const True, got '{simulated}'")

        simulated_result = cls(
            simulated=simulated,
        )

        return simulated_result

