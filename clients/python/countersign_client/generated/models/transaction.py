from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime






T = TypeVar("T", bound="Transaction")



@_attrs_define
class Transaction:
    """ A revenue transaction row. The same `id` can appear in several rows (when the
    status or amounts change, or it is deleted); the latest row is current.

        Attributes:
            id (str): Transaction id.
            account_id (str): An account's id, which is the creator's platform user id.
            fan_id (str): The paying fan's platform user id.
            kind (str): Kind of transaction. Values in use: `subscription`, `tip`, `message`
                (paid message), `post` (paid post), `stream`, `referral`, `chargeback`.
                New values may be added; treat unknown ones as other revenue.
            description (str):
            status (str): Values in use: `pending`, `completed`, `refunded`, `reversed`. New values
                may be added.
            gross_cents (int): What the fan paid.
            net_cents (int): What the creator keeps.
            fee_cents (int): The platform fee.
            vat_cents (int): VAT.
            currency (str):
            occurred_at (datetime.datetime): When it happened (RFC 3339).
            observed_at (datetime.datetime): When this row was first seen or seen to change (RFC 3339 with fractional
                seconds).
            deleted (bool): True when the platform removed the transaction.
     """

    id: str
    account_id: str
    fan_id: str
    kind: str
    description: str
    status: str
    gross_cents: int
    net_cents: int
    fee_cents: int
    vat_cents: int
    currency: str
    occurred_at: datetime.datetime
    observed_at: datetime.datetime
    deleted: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        account_id = self.account_id

        fan_id = self.fan_id

        kind = self.kind

        description = self.description

        status = self.status

        gross_cents = self.gross_cents

        net_cents = self.net_cents

        fee_cents = self.fee_cents

        vat_cents = self.vat_cents

        currency = self.currency

        occurred_at = self.occurred_at.isoformat()

        observed_at = self.observed_at.isoformat()

        deleted = self.deleted


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "accountId": account_id,
            "fanId": fan_id,
            "kind": kind,
            "description": description,
            "status": status,
            "grossCents": gross_cents,
            "netCents": net_cents,
            "feeCents": fee_cents,
            "vatCents": vat_cents,
            "currency": currency,
            "occurredAt": occurred_at,
            "observedAt": observed_at,
            "deleted": deleted,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        account_id = d.pop("accountId")

        fan_id = d.pop("fanId")

        kind = d.pop("kind")

        description = d.pop("description")

        status = d.pop("status")

        gross_cents = d.pop("grossCents")

        net_cents = d.pop("netCents")

        fee_cents = d.pop("feeCents")

        vat_cents = d.pop("vatCents")

        currency = d.pop("currency")

        occurred_at = datetime.datetime.fromisoformat(d.pop("occurredAt"))




        observed_at = datetime.datetime.fromisoformat(d.pop("observedAt"))




        deleted = d.pop("deleted")

        transaction = cls(
            id=id,
            account_id=account_id,
            fan_id=fan_id,
            kind=kind,
            description=description,
            status=status,
            gross_cents=gross_cents,
            net_cents=net_cents,
            fee_cents=fee_cents,
            vat_cents=vat_cents,
            currency=currency,
            occurred_at=occurred_at,
            observed_at=observed_at,
            deleted=deleted,
        )


        transaction.additional_properties = d
        return transaction

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
