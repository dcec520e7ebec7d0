from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.webhook_test_response_data_type_0_status import check_webhook_test_response_data_type_0_status
from ..models.webhook_test_response_data_type_0_status import WebhookTestResponseDataType0Status
from typing import cast






T = TypeVar("T", bound="WebhookTestResponseDataType0")



@_attrs_define
class WebhookTestResponseDataType0:
    """ 
        Attributes:
            id (str):
            endpoint_id (str):
            status (WebhookTestResponseDataType0Status):
            attempts (int):
     """

    id: str
    endpoint_id: str
    status: WebhookTestResponseDataType0Status
    attempts: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        endpoint_id = self.endpoint_id

        status: str = self.status

        attempts = self.attempts


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "endpointId": endpoint_id,
            "status": status,
            "attempts": attempts,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        endpoint_id = d.pop("endpointId")

        status = check_webhook_test_response_data_type_0_status(d.pop("status"))




        attempts = d.pop("attempts")

        webhook_test_response_data_type_0 = cls(
            id=id,
            endpoint_id=endpoint_id,
            status=status,
            attempts=attempts,
        )


        webhook_test_response_data_type_0.additional_properties = d
        return webhook_test_response_data_type_0

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
