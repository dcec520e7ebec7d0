from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.webhook_endpoint_kind import check_webhook_endpoint_kind
from ..models.webhook_endpoint_kind import WebhookEndpointKind
from ..models.webhook_endpoint_mode import check_webhook_endpoint_mode
from ..models.webhook_endpoint_mode import WebhookEndpointMode
from typing import cast
import datetime






T = TypeVar("T", bound="WebhookEndpoint")



@_attrs_define
class WebhookEndpoint:
    """ A webhook endpoint as a setting: never its secrets.

        Attributes:
            id (str):
            url (str):
            kind (WebhookEndpointKind):
            mode (WebhookEndpointMode):
            event_types (list[str] | None): The event types sent; null: every one (events endpoints).
            enabled (bool): False while paused (by a person, or by the deliverer after failing).
            failing (bool):
            disabled_reason (None | str):
            created_at (datetime.datetime): ISO 8601 / RFC 3339 instant, in UTC.
     """

    id: str
    url: str
    kind: WebhookEndpointKind
    mode: WebhookEndpointMode
    event_types: list[str] | None
    enabled: bool
    failing: bool
    disabled_reason: None | str
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        url = self.url

        kind: str = self.kind

        mode: str = self.mode

        event_types: list[str] | None
        if isinstance(self.event_types, list):
            event_types = self.event_types


        else:
            event_types = self.event_types

        enabled = self.enabled

        failing = self.failing

        disabled_reason: None | str
        disabled_reason = self.disabled_reason

        created_at = self.created_at.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "url": url,
            "kind": kind,
            "mode": mode,
            "eventTypes": event_types,
            "enabled": enabled,
            "failing": failing,
            "disabledReason": disabled_reason,
            "createdAt": created_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        url = d.pop("url")

        kind = check_webhook_endpoint_kind(d.pop("kind"))




        mode = check_webhook_endpoint_mode(d.pop("mode"))




        def _parse_event_types(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                event_types_type_0 = cast(list[str], data)

                return event_types_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        event_types = _parse_event_types(d.pop("eventTypes"))


        enabled = d.pop("enabled")

        failing = d.pop("failing")

        def _parse_disabled_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        disabled_reason = _parse_disabled_reason(d.pop("disabledReason"))


        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))




        webhook_endpoint = cls(
            id=id,
            url=url,
            kind=kind,
            mode=mode,
            event_types=event_types,
            enabled=enabled,
            failing=failing,
            disabled_reason=disabled_reason,
            created_at=created_at,
        )


        webhook_endpoint.additional_properties = d
        return webhook_endpoint

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
