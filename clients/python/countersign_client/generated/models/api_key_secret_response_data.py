from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.api_key_mode import ApiKeyMode
from ..models.api_key_mode import check_api_key_mode
from ..models.api_key_scopes_item import ApiKeyScopesItem
from ..models.api_key_scopes_item import check_api_key_scopes_item
from typing import cast
import datetime






T = TypeVar("T", bound="ApiKeySecretResponseData")



@_attrs_define
class ApiKeySecretResponseData:
    """ 
        Attributes:
            id (str):
            name (str):
            prefix (str):
            mode (ApiKeyMode):
            scopes (list[ApiKeyScopesItem]):
            account_ids (list[str] | None):
            created_at (datetime.datetime): ISO 8601 / RFC 3339 instant, in UTC.
            expires_at (datetime.datetime | None):
            last_used_at (datetime.datetime | None):
            revoked_at (datetime.datetime | None):
            secret (str): The key, shown this once.
     """

    id: str
    name: str
    prefix: str
    mode: ApiKeyMode
    scopes: list[ApiKeyScopesItem]
    account_ids: list[str] | None
    created_at: datetime.datetime
    expires_at: datetime.datetime | None
    last_used_at: datetime.datetime | None
    revoked_at: datetime.datetime | None
    secret: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        prefix = self.prefix

        mode: str = self.mode

        scopes = []
        for scopes_item_data in self.scopes:
            scopes_item: str = scopes_item_data
            scopes.append(scopes_item)



        account_ids: list[str] | None
        if isinstance(self.account_ids, list):
            account_ids = self.account_ids


        else:
            account_ids = self.account_ids

        created_at = self.created_at.isoformat()

        expires_at: None | str
        if isinstance(self.expires_at, datetime.datetime):
            expires_at = self.expires_at.isoformat()
        else:
            expires_at = self.expires_at

        last_used_at: None | str
        if isinstance(self.last_used_at, datetime.datetime):
            last_used_at = self.last_used_at.isoformat()
        else:
            last_used_at = self.last_used_at

        revoked_at: None | str
        if isinstance(self.revoked_at, datetime.datetime):
            revoked_at = self.revoked_at.isoformat()
        else:
            revoked_at = self.revoked_at

        secret = self.secret


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "name": name,
            "prefix": prefix,
            "mode": mode,
            "scopes": scopes,
            "accountIds": account_ids,
            "createdAt": created_at,
            "expiresAt": expires_at,
            "lastUsedAt": last_used_at,
            "revokedAt": revoked_at,
            "secret": secret,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        prefix = d.pop("prefix")

        mode = check_api_key_mode(d.pop("mode"))




        scopes = []
        _scopes = d.pop("scopes")
        for scopes_item_data in (_scopes):
            scopes_item = check_api_key_scopes_item(scopes_item_data)



            scopes.append(scopes_item)


        def _parse_account_ids(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                account_ids_type_0 = cast(list[str], data)

                return account_ids_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        account_ids = _parse_account_ids(d.pop("accountIds"))


        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))




        def _parse_expires_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                expires_at_type_0 = datetime.datetime.fromisoformat(data)



                return expires_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        expires_at = _parse_expires_at(d.pop("expiresAt"))


        def _parse_last_used_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_used_at_type_0 = datetime.datetime.fromisoformat(data)



                return last_used_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_used_at = _parse_last_used_at(d.pop("lastUsedAt"))


        def _parse_revoked_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                revoked_at_type_0 = datetime.datetime.fromisoformat(data)



                return revoked_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        revoked_at = _parse_revoked_at(d.pop("revokedAt"))


        secret = d.pop("secret")

        api_key_secret_response_data = cls(
            id=id,
            name=name,
            prefix=prefix,
            mode=mode,
            scopes=scopes,
            account_ids=account_ids,
            created_at=created_at,
            expires_at=expires_at,
            last_used_at=last_used_at,
            revoked_at=revoked_at,
            secret=secret,
        )


        api_key_secret_response_data.additional_properties = d
        return api_key_secret_response_data

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
