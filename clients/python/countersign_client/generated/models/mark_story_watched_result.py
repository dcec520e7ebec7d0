from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="MarkStoryWatchedResult")



@_attrs_define
class MarkStoryWatchedResult:
    """ `mark_story_watched`.

        Attributes:
            story_id (str): An id on the platform (fan, fan list, message, vault media). Never holds a C0 or C1
                control character, U+2028 or U+2029, or a bidirectional formatting character
                (U+202A to U+202E, U+2066 to U+2069): it ends up in paths, summaries, logs and mail
                subjects, where those would break lines or reorder what a reader sees. Such an id
                is `400 invalid_parameter` naming the param. Never `.` or `..` either (a path that
                normalises would read those as another route).
            watched (Literal[True]):
     """

    story_id: str
    watched: Literal[True]





    def to_dict(self) -> dict[str, Any]:
        story_id = self.story_id

        watched = self.watched


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "storyId": story_id,
            "watched": watched,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        story_id = d.pop("storyId")

        watched = cast(Literal[True] , d.pop("watched"))
        if watched != True:
            raise ValueError(f"watched must match const True, got '{watched}'")

        mark_story_watched_result = cls(
            story_id=story_id,
            watched=watched,
        )

        return mark_story_watched_result

