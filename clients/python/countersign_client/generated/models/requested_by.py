from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.requested_by_kind import check_requested_by_kind
from ..models.requested_by_kind import RequestedByKind
from typing import cast






T = TypeVar("T", bound="RequestedBy")



@_attrs_define
class RequestedBy:
    """ Who asked for the action.

        Attributes:
            kind (RequestedByKind):
            label (str): Key name, OAuth client name or person.
            client (None | str): The MCP client, when the request came through MCP.
            tool (None | str): The MCP tool that asked.
     """

    kind: RequestedByKind
    label: str
    client: None | str
    tool: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        kind: str = self.kind

        label = self.label

        client: None | str
        client = self.client

        tool: None | str
        tool = self.tool


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "kind": kind,
            "label": label,
            "client": client,
            "tool": tool,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = check_requested_by_kind(d.pop("kind"))




        label = d.pop("label")

        def _parse_client(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        client = _parse_client(d.pop("client"))


        def _parse_tool(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        tool = _parse_tool(d.pop("tool"))


        requested_by = cls(
            kind=kind,
            label=label,
            client=client,
            tool=tool,
        )


        requested_by.additional_properties = d
        return requested_by

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
