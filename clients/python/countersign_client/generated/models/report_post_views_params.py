from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.post_view_events_item import PostViewEventsItem





T = TypeVar("T", bound="ReportPostViewsParams")



@_attrs_define
class ReportPostViewsParams:
    """ `report_post_views`.

        Attributes:
            events (list[PostViewEventsItem]): Post view events, 1 to 100, sent as the platform's `actions`.
     """

    events: list[PostViewEventsItem]





    def to_dict(self) -> dict[str, Any]:
        from ..models.post_view_events_item import PostViewEventsItem # noqa: PLC0415
        events = []
        for componentsschemas_post_view_events_item_data in self.events:
            componentsschemas_post_view_events_item = componentsschemas_post_view_events_item_data.to_dict()
            events.append(componentsschemas_post_view_events_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "events": events,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.post_view_events_item import PostViewEventsItem # noqa: PLC0415
        d = dict(src_dict)
        events = []
        _events = d.pop("events")
        for componentsschemas_post_view_events_item_data in (_events):
            componentsschemas_post_view_events_item = PostViewEventsItem.from_dict(componentsschemas_post_view_events_item_data)



            events.append(componentsschemas_post_view_events_item)


        report_post_views_params = cls(
            events=events,
        )

        return report_post_views_params

