from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.chat_connection_provider import ChatConnectionProvider
from ..models.chat_connection_provider import check_chat_connection_provider
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.chat_connection_account_channels import ChatConnectionAccountChannels





T = TypeVar("T", bound="ChatConnection")



@_attrs_define
class ChatConnection:
    """ 
        Attributes:
            provider (ChatConnectionProvider):
            channel (str): The default channel (a Slack channel id or a Telegram chat id).
            account_channels (ChatConnectionAccountChannels): Per-account channels, by account id; other accounts post to
                `channel`.
            connected_at (datetime.datetime):
     """

    provider: ChatConnectionProvider
    channel: str
    account_channels: ChatConnectionAccountChannels
    connected_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.chat_connection_account_channels import ChatConnectionAccountChannels # noqa: PLC0415
        provider: str = self.provider

        channel = self.channel

        account_channels = self.account_channels.to_dict()

        connected_at = self.connected_at.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "provider": provider,
            "channel": channel,
            "accountChannels": account_channels,
            "connectedAt": connected_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.chat_connection_account_channels import ChatConnectionAccountChannels # noqa: PLC0415
        d = dict(src_dict)
        provider = check_chat_connection_provider(d.pop("provider"))




        channel = d.pop("channel")

        account_channels = ChatConnectionAccountChannels.from_dict(d.pop("accountChannels"))




        connected_at = datetime.datetime.fromisoformat(d.pop("connectedAt"))




        chat_connection = cls(
            provider=provider,
            channel=channel,
            account_channels=account_channels,
            connected_at=connected_at,
        )


        chat_connection.additional_properties = d
        return chat_connection

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
