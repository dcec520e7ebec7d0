from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.create_webhook_endpoint_request_event_types_type_0_item import check_create_webhook_endpoint_request_event_types_type_0_item
from ..models.create_webhook_endpoint_request_event_types_type_0_item import CreateWebhookEndpointRequestEventTypesType0Item
from ..models.create_webhook_endpoint_request_kind import check_create_webhook_endpoint_request_kind
from ..models.create_webhook_endpoint_request_kind import CreateWebhookEndpointRequestKind
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="CreateWebhookEndpointRequest")



@_attrs_define
class CreateWebhookEndpointRequest:
    """ 
        Attributes:
            url (str):
            kind (CreateWebhookEndpointRequestKind | Unset):  Default: 'events'.
            event_types (list[CreateWebhookEndpointRequestEventTypesType0Item] | None | Unset): Left out or null: every
                event type.
     """

    url: str
    kind: CreateWebhookEndpointRequestKind | Unset = 'events'
    event_types: list[CreateWebhookEndpointRequestEventTypesType0Item] | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        url = self.url

        kind: str | Unset = UNSET
        if not isinstance(self.kind, Unset):
            kind = self.kind


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


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "url": url,
        })
        if kind is not UNSET:
            field_dict["kind"] = kind
        if event_types is not UNSET:
            field_dict["eventTypes"] = event_types

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        url = d.pop("url")

        _kind = d.pop("kind", UNSET)
        kind: CreateWebhookEndpointRequestKind | Unset
        if isinstance(_kind,  Unset):
            kind = UNSET
        else:
            kind = check_create_webhook_endpoint_request_kind(_kind)




        def _parse_event_types(data: object) -> list[CreateWebhookEndpointRequestEventTypesType0Item] | None | Unset:
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
                    event_types_type_0_item = check_create_webhook_endpoint_request_event_types_type_0_item(event_types_type_0_item_data)



                    event_types_type_0.append(event_types_type_0_item)

                return event_types_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[CreateWebhookEndpointRequestEventTypesType0Item] | None | Unset, data)

        event_types = _parse_event_types(d.pop("eventTypes", UNSET))


        create_webhook_endpoint_request = cls(
            url=url,
            kind=kind,
            event_types=event_types,
        )

        return create_webhook_endpoint_request

