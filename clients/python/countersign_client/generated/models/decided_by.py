from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.decided_by_kind import check_decided_by_kind
from ..models.decided_by_kind import DecidedByKind
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="DecidedBy")



@_attrs_define
class DecidedBy:
    """ The person who approved or rejected. For a `cancelled` action, who cancelled it:
    a person, or an API key or OAuth client (then `name` is its name and `email` is
    empty); `kind` says which.

        Attributes:
            name (str):
            email (str): The person's email; empty when the decider is not a person.
            kind (DecidedByKind | Unset): Additive, set on cancellations and on approvals by an allowance: who decided, as
                `requestedBy.kind` names callers (`cli`: an operator's command; `policy`: an
                `approvals: 0` rule, named in `name`).
     """

    name: str
    email: str
    kind: DecidedByKind | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        name = self.name

        email = self.email

        kind: str | Unset = UNSET
        if not isinstance(self.kind, Unset):
            kind = self.kind



        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "name": name,
            "email": email,
        })
        if kind is not UNSET:
            field_dict["kind"] = kind

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        email = d.pop("email")

        _kind = d.pop("kind", UNSET)
        kind: DecidedByKind | Unset
        if isinstance(_kind,  Unset):
            kind = UNSET
        else:
            kind = check_decided_by_kind(_kind)




        decided_by = cls(
            name=name,
            email=email,
            kind=kind,
        )


        decided_by.additional_properties = d
        return decided_by

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
