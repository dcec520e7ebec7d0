from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.transaction import Transaction





T = TypeVar("T", bound="RevenueTransactionPage")



@_attrs_define
class RevenueTransactionPage:
    """ A page of the revenue pull. Not the `/v1` envelope.

        Attributes:
            transactions (list[Transaction]): Rows ordered by `observedAt`.
            count (int): Number of rows in `transactions`.
            has_more (bool): False when you are caught up.
            next_cursor (str): Pass as `cursor` next time. It is always a position to poll from: after the last
                page it points past the newest committed row, so a poller that stores it keeps its
                place. The field would be empty only if there were no position
                to resume from, which this feed never has.
            checked_at (datetime.datetime): When the service read its data for this page.
     """

    transactions: list[Transaction]
    count: int
    has_more: bool
    next_cursor: str
    checked_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.transaction import Transaction # noqa: PLC0415
        transactions = []
        for transactions_item_data in self.transactions:
            transactions_item = transactions_item_data.to_dict()
            transactions.append(transactions_item)



        count = self.count

        has_more = self.has_more

        next_cursor = self.next_cursor

        checked_at = self.checked_at.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "transactions": transactions,
            "count": count,
            "hasMore": has_more,
            "nextCursor": next_cursor,
            "checkedAt": checked_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.transaction import Transaction # noqa: PLC0415
        d = dict(src_dict)
        transactions = []
        _transactions = d.pop("transactions")
        for transactions_item_data in (_transactions):
            transactions_item = Transaction.from_dict(transactions_item_data)



            transactions.append(transactions_item)


        count = d.pop("count")

        has_more = d.pop("hasMore")

        next_cursor = d.pop("nextCursor")

        checked_at = datetime.datetime.fromisoformat(d.pop("checkedAt"))




        revenue_transaction_page = cls(
            transactions=transactions,
            count=count,
            has_more=has_more,
            next_cursor=next_cursor,
            checked_at=checked_at,
        )


        revenue_transaction_page.additional_properties = d
        return revenue_transaction_page

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
