from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.create_api_key_request_mode import check_create_api_key_request_mode
from ..models.create_api_key_request_mode import CreateApiKeyRequestMode
from ..models.create_api_key_request_scopes_item import check_create_api_key_request_scopes_item
from ..models.create_api_key_request_scopes_item import CreateApiKeyRequestScopesItem
from ..types import UNSET, Unset
from typing import cast
import datetime






T = TypeVar("T", bound="CreateApiKeyRequest")



@_attrs_define
class CreateApiKeyRequest:
    """ 
        Attributes:
            name (str):
            scopes (list[CreateApiKeyRequestScopesItem]):
            mode (CreateApiKeyRequestMode | Unset): Left out: the caller's mode.
            account_ids (list[str] | None | Unset): Left out or null: every account of the mode. At most 1,000: a key for
                more accounts than that is a key for every account.
            expires_at (datetime.datetime | Unset):
     """

    name: str
    scopes: list[CreateApiKeyRequestScopesItem]
    mode: CreateApiKeyRequestMode | Unset = UNSET
    account_ids: list[str] | None | Unset = UNSET
    expires_at: datetime.datetime | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        name = self.name

        scopes = []
        for scopes_item_data in self.scopes:
            scopes_item: str = scopes_item_data
            scopes.append(scopes_item)



        mode: str | Unset = UNSET
        if not isinstance(self.mode, Unset):
            mode = self.mode


        account_ids: list[str] | None | Unset
        if isinstance(self.account_ids, Unset):
            account_ids = UNSET
        elif isinstance(self.account_ids, list):
            account_ids = self.account_ids


        else:
            account_ids = self.account_ids

        expires_at: str | Unset = UNSET
        if not isinstance(self.expires_at, Unset):
            expires_at = self.expires_at.isoformat()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "name": name,
            "scopes": scopes,
        })
        if mode is not UNSET:
            field_dict["mode"] = mode
        if account_ids is not UNSET:
            field_dict["accountIds"] = account_ids
        if expires_at is not UNSET:
            field_dict["expiresAt"] = expires_at

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        scopes = []
        _scopes = d.pop("scopes")
        for scopes_item_data in (_scopes):
            scopes_item = check_create_api_key_request_scopes_item(scopes_item_data)



            scopes.append(scopes_item)


        _mode = d.pop("mode", UNSET)
        mode: CreateApiKeyRequestMode | Unset
        if isinstance(_mode,  Unset):
            mode = UNSET
        else:
            mode = check_create_api_key_request_mode(_mode)




        def _parse_account_ids(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                account_ids_type_0 = cast(list[str], data)

                return account_ids_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        account_ids = _parse_account_ids(d.pop("accountIds", UNSET))


        _expires_at = d.pop("expiresAt", UNSET)
        expires_at: datetime.datetime | Unset
        if isinstance(_expires_at,  Unset):
            expires_at = UNSET
        else:
            expires_at = datetime.datetime.fromisoformat(_expires_at)




        create_api_key_request = cls(
            name=name,
            scopes=scopes,
            mode=mode,
            account_ids=account_ids,
            expires_at=expires_at,
        )

        return create_api_key_request

