from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="AccountDetailCounts")



@_attrs_define
class AccountDetailCounts:
    """ Totals from synced data.

        Attributes:
            active_fans (int): Fans with an active subscription.
            expired_fans (int): Fans whose subscription ended.
            chats (int):
            posts (int):
            vault_items (int): Media items in the vault.
     """

    active_fans: int
    expired_fans: int
    chats: int
    posts: int
    vault_items: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        active_fans = self.active_fans

        expired_fans = self.expired_fans

        chats = self.chats

        posts = self.posts

        vault_items = self.vault_items


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "activeFans": active_fans,
            "expiredFans": expired_fans,
            "chats": chats,
            "posts": posts,
            "vaultItems": vault_items,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        active_fans = d.pop("activeFans")

        expired_fans = d.pop("expiredFans")

        chats = d.pop("chats")

        posts = d.pop("posts")

        vault_items = d.pop("vaultItems")

        account_detail_counts = cls(
            active_fans=active_fans,
            expired_fans=expired_fans,
            chats=chats,
            posts=posts,
            vault_items=vault_items,
        )


        account_detail_counts.additional_properties = d
        return account_detail_counts

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
