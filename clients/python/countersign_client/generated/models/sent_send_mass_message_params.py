from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.audience_type_0 import AudienceType0
  from ..models.audience_type_1 import AudienceType1





T = TypeVar("T", bound="SentSendMassMessageParams")



@_attrs_define
class SentSendMassMessageParams:
    """ `send_mass_message` params as stored and sent: `text` is `SentMessageText`.

        Attributes:
            text (str): The message exactly as the platform receives it and as the approver sees it:
                the requested text made into safe HTML once, at creation. HTML is sanitised with
                the preview's allow-list (no scripts, handlers, styles, frames or `javascript:`
                links); plain text is escaped and wrapped in one `<p>`. Escaping can make it
                longer than the 5000 characters a request may send.
            audience (AudienceType0 | AudienceType1): Who receives a mass message: the fans on `listIds` plus the fans in
                `fanIds`,
                minus those on `excludeListIds`. At least one of `listIds` and `fanIds` must
                be given and non-empty.
            price_cents (int | Unset): Price in cents; makes it a paid message. 0 is free. The platform's minimum
                for a paid message is 300, so a lower non-zero price may be refused when the
                action runs.
            media_ids (list[str] | Unset): Vault media ids to attach, up to 50.
     """

    text: str
    audience: AudienceType0 | AudienceType1
    price_cents: int | Unset = UNSET
    media_ids: list[str] | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.audience_type_0 import AudienceType0 # noqa: PLC0415
        from ..models.audience_type_1 import AudienceType1 # noqa: PLC0415
        text = self.text

        audience: dict[str, Any]
        if isinstance(self.audience, AudienceType0):
            audience = self.audience.to_dict()
        else:
            audience = self.audience.to_dict()


        price_cents = self.price_cents

        media_ids: list[str] | Unset = UNSET
        if not isinstance(self.media_ids, Unset):
            media_ids = self.media_ids




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "text": text,
            "audience": audience,
        })
        if price_cents is not UNSET:
            field_dict["priceCents"] = price_cents
        if media_ids is not UNSET:
            field_dict["mediaIds"] = media_ids

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.audience_type_0 import AudienceType0 # noqa: PLC0415
        from ..models.audience_type_1 import AudienceType1 # noqa: PLC0415
        d = dict(src_dict)
        text = d.pop("text")

        def _parse_audience(data: object) -> AudienceType0 | AudienceType1:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_audience_type_0 = AudienceType0.from_dict(data)



                return componentsschemas_audience_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_audience_type_1 = AudienceType1.from_dict(data)



            return componentsschemas_audience_type_1

        audience = _parse_audience(d.pop("audience"))


        price_cents = d.pop("priceCents", UNSET)

        media_ids = cast(list[str], d.pop("mediaIds", UNSET))


        sent_send_mass_message_params = cls(
            text=text,
            audience=audience,
            price_cents=price_cents,
            media_ids=media_ids,
        )

        return sent_send_mass_message_params

