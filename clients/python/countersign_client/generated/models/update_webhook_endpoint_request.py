from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.update_webhook_endpoint_request_event_types_type_0_item import check_update_webhook_endpoint_request_event_types_type_0_item
from ..models.update_webhook_endpoint_request_event_types_type_0_item import UpdateWebhookEndpointRequestEventTypesType0Item
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="UpdateWebhookEndpointRequest")



@_attrs_define
class UpdateWebhookEndpointRequest:
    """ 
        Attributes:
            url (str | Unset):
            event_types (list[UpdateWebhookEndpointRequestEventTypesType0Item] | None | Unset):
            enabled (bool | Unset):
     """

    url: str | Unset = UNSET
    event_types: list[UpdateWebhookEndpointRequestEventTypesType0Item] | None | Unset = UNSET
    enabled: bool | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        url = self.url

        event_types: list[str] | None | Unset
        if isinstance(self.event_types, Unset):
            event_types = UNSET
        elif isinstance(self.event_types, list):
            event_types = []
            for event_types_type_0_item_data in self.event_types:
                event_types_type_0_item: str = event_types_type_0_item_data
                event_types.append(event_types_type_0_item)


        else:
            event_types = self.event_types

        enabled = self.enabled


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if url is not UNSET:
            field_dict["url"] = url
        if event_types is not UNSET:
            field_dict["eventTypes"] = event_types
        if enabled is not UNSET:
            field_dict["enabled"] = enabled

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        url = d.pop("url", UNSET)

        def _parse_event_types(data: object) -> list[UpdateWebhookEndpointRequestEventTypesType0Item] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                event_types_type_0 = []
                _event_types_type_0 = data
                for event_types_type_0_item_data in (_event_types_type_0):
                    event_types_type_0_item = check_update_webhook_endpoint_request_event_types_type_0_item(event_types_type_0_item_data)



                    event_types_type_0.append(event_types_type_0_item)

                return event_types_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[UpdateWebhookEndpointRequestEventTypesType0Item] | None | Unset, data)

        event_types = _parse_event_types(d.pop("eventTypes", UNSET))


        enabled = d.pop("enabled", UNSET)

        update_webhook_endpoint_request = cls(
            url=url,
            event_types=event_types,
            enabled=enabled,
        )

        return update_webhook_endpoint_request

