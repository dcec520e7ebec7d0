from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from typing import Literal, cast

if TYPE_CHECKING:
  from ..models.report_post_views_params import ReportPostViewsParams





T = TypeVar("T", bound="ReportPostViewsRequest")



@_attrs_define
class ReportPostViewsRequest:
    """ 
        Attributes:
            type_ (Literal['report_post_views']):
            params (ReportPostViewsParams): `report_post_views`.
     """

    type_: Literal['report_post_views']
    params: ReportPostViewsParams





    def to_dict(self) -> dict[str, Any]:
        from ..models.report_post_views_params import ReportPostViewsParams # noqa: PLC0415
        type_ = self.type_

        params = self.params.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "params": params,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.report_post_views_params import ReportPostViewsParams # noqa: PLC0415
        d = dict(src_dict)
        type_ = cast(Literal['report_post_views'] , d.pop("type"))
        if type_ != 'report_post_views':
            raise ValueError(f"type must match const 'report_post_views', got '{type_}'")

        params = ReportPostViewsParams.from_dict(d.pop("params"))




        report_post_views_request = cls(
            type_=type_,
            params=params,
        )

        return report_post_views_request

