from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="SentSendMessageParams")



@_attrs_define
class SentSendMessageParams:
    """ `send_message` params as stored and sent: `text` is `SentMessageText`.

        Attributes:
            fan_id (str): An id on the platform (fan, fan list, message, vault media). Never holds a C0 or C1
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
            price_cents (int | Unset): Price in cents; makes it a paid message. 0 is free. The platform's minimum
                for a paid message is 300, so a lower non-zero price may be refused when the
                action runs.
            media_ids (list[str] | Unset): Vault media ids to attach, up to 50.
     """

    fan_id: str
    text: str
    price_cents: int | Unset = UNSET
    media_ids: list[str] | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        fan_id = self.fan_id

        text = self.text

        price_cents = self.price_cents

        media_ids: list[str] | Unset = UNSET
        if not isinstance(self.media_ids, Unset):
            media_ids = self.media_ids




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "fanId": fan_id,
            "text": text,
        })
        if price_cents is not UNSET:
            field_dict["priceCents"] = price_cents
        if media_ids is not UNSET:
            field_dict["mediaIds"] = media_ids

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        fan_id = d.pop("fanId")

        text = d.pop("text")

        price_cents = d.pop("priceCents", UNSET)

        media_ids = cast(list[str], d.pop("mediaIds", UNSET))


        sent_send_message_params = cls(
            fan_id=fan_id,
            text=text,
            price_cents=price_cents,
            media_ids=media_ids,
        )

        return sent_send_message_params

