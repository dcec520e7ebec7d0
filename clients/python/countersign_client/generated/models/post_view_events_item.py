from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime






T = TypeVar("T", bound="PostViewEventsItem")



@_attrs_define
class PostViewEventsItem:
    """ 
        Attributes:
            post_id (str): An id on the platform (fan, fan list, message, vault media). Never holds a C0 or C1
                control character, U+2028 or U+2029, or a bidirectional formatting character
                (U+202A to U+202E, U+2066 to U+2069): it ends up in paths, summaries, logs and mail
                subjects, where those would break lines or reorder what a reader sees. Such an id
                is `400 invalid_parameter` naming the param. Never `.` or `..` either (a path that
                normalises would read those as another route).
            action (str): What happened, as the platform names it (e.g. `view`).
            event_time (datetime.datetime): ISO 8601 / RFC 3339 instant, in UTC.
            duration (int): Seconds the post was on screen.
     """

    post_id: str
    action: str
    event_time: datetime.datetime
    duration: int





    def to_dict(self) -> dict[str, Any]:
        post_id = self.post_id

        action = self.action

        event_time = self.event_time.isoformat()

        duration = self.duration


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "postId": post_id,
            "action": action,
            "eventTime": event_time,
            "duration": duration,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        post_id = d.pop("postId")

        action = d.pop("action")

        event_time = datetime.datetime.fromisoformat(d.pop("eventTime"))




        duration = d.pop("duration")

        post_view_events_item = cls(
            post_id=post_id,
            action=action,
            event_time=event_time,
            duration=duration,
        )

        return post_view_events_item

