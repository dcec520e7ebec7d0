from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="SentEditMassMessageParams")



@_attrs_define
class SentEditMassMessageParams:
    """ `edit_mass_message` params as stored and sent: `text` is `SentMessageText`.

        Attributes:
            mass_message_id (str): An id on the platform (fan, fan list, message, vault media). Never holds a C0 or C1
                control character, U+2028 or U+2029, or a bidirectional formatting character
                (U+202A to U+202E, U+2066 to U+2069): it ends up in paths, summaries, logs and mail
                subjects, where those would break lines or reorder what a reader sees. Such an id
                is `400 invalid_parameter` naming the param. Never `.` or `..` either (a path that
                normalises would read those as another route).
            text (str): The message exactly as the platform receives it and as the approver sees it:
                the requested text made into safe HTML once, at creation. HTML is sanitised with
                the preview's allow-list (no scripts, handlers, styles, frames or `javascript:`
                links); plain text is escaped and wrapped in one `<p>`. Escaping can make it
                longer than the 5000 characters a request may send.
     """

    mass_message_id: str
    text: str





    def to_dict(self) -> dict[str, Any]:
        mass_message_id = self.mass_message_id

        text = self.text


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "massMessageId": mass_message_id,
            "text": text,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        mass_message_id = d.pop("massMessageId")

        text = d.pop("text")

        sent_edit_mass_message_params = cls(
            mass_message_id=mass_message_id,
            text=text,
        )

        return sent_edit_mass_message_params

