from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.chat_link_provider import ChatLinkProvider
from ..models.chat_link_provider import check_chat_link_provider
from typing import cast
import datetime






T = TypeVar("T", bound="ChatLink")



@_attrs_define
class ChatLink:
    """ 
        Attributes:
            id (str): `provider:chatUserId`.
            provider (ChatLinkProvider):
            chat_user_id (str): Slack's `U…` user id or Telegram's numeric user id.
            member_id (str): The member's user id (`usr_…`).
            email (str):
            linked_at (datetime.datetime):
     """

    id: str
    provider: ChatLinkProvider
    chat_user_id: str
    member_id: str
    email: str
    linked_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        provider: str = self.provider

        chat_user_id = self.chat_user_id

        member_id = self.member_id

        email = self.email

        linked_at = self.linked_at.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "provider": provider,
            "chatUserId": chat_user_id,
            "memberId": member_id,
            "email": email,
            "linkedAt": linked_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        provider = check_chat_link_provider(d.pop("provider"))




        chat_user_id = d.pop("chatUserId")

        member_id = d.pop("memberId")

        email = d.pop("email")

        linked_at = datetime.datetime.fromisoformat(d.pop("linkedAt"))




        chat_link = cls(
            id=id,
            provider=provider,
            chat_user_id=chat_user_id,
            member_id=member_id,
            email=email,
            linked_at=linked_at,
        )


        chat_link.additional_properties = d
        return chat_link

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
