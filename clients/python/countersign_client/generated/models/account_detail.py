from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.account_status import AccountStatus
from ..models.account_status import check_account_status
from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.account_detail_counts import AccountDetailCounts
  from ..models.account_detail_revenue_30d import AccountDetailRevenue30D
  from ..models.money import Money
  from ..models.policy import Policy





T = TypeVar("T", bound="AccountDetail")



@_attrs_define
class AccountDetail:
    """ An account with totals from synced data.

        Attributes:
            id (str): An account's id, which is the creator's platform user id.
            username (str): Without the leading @.
            name (None | str): Display name.
            avatar_url (None | str): Profile picture URL.
            status (AccountStatus): `needs_relink`: the platform session expired; link the account again. With
                `needs_relink`, `awaiting_2fa`, `awaiting_selfie`, `restricted` or
                `disconnected`, live reads and writes give `409 account_unavailable`; reads
                of synced data keep working.
            status_reason (None | str): A plain sentence explaining a status other than `healthy`.
            writes_enabled (bool): Whether actions can be created. An owner or admin switches it in the dashboard.
            linked_at (datetime.datetime | None):
            last_synced_at (datetime.datetime | None):
            counts (AccountDetailCounts): Totals from synced data.
            revenue30d (AccountDetailRevenue30D): The last 30 days.
            subscription_price (Money | None): Current subscription price.
            policy (Policy | Unset): Additive field of AccountDetail. The approval rules for the account's new
                actions: its own (`source: account`) or the workspace default (`source: workspace`).
     """

    id: str
    username: str
    name: None | str
    avatar_url: None | str
    status: AccountStatus
    status_reason: None | str
    writes_enabled: bool
    linked_at: datetime.datetime | None
    last_synced_at: datetime.datetime | None
    counts: AccountDetailCounts
    revenue30d: AccountDetailRevenue30D
    subscription_price: Money | None
    policy: Policy | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.account_detail_counts import AccountDetailCounts # noqa: PLC0415
        from ..models.account_detail_revenue_30d import AccountDetailRevenue30D # noqa: PLC0415
        from ..models.money import Money # noqa: PLC0415
        from ..models.policy import Policy # noqa: PLC0415
        id = self.id

        username = self.username

        name: None | str
        name = self.name

        avatar_url: None | str
        avatar_url = self.avatar_url

        status: str = self.status

        status_reason: None | str
        status_reason = self.status_reason

        writes_enabled = self.writes_enabled

        linked_at: None | str
        if isinstance(self.linked_at, datetime.datetime):
            linked_at = self.linked_at.isoformat()
        else:
            linked_at = self.linked_at

        last_synced_at: None | str
        if isinstance(self.last_synced_at, datetime.datetime):
            last_synced_at = self.last_synced_at.isoformat()
        else:
            last_synced_at = self.last_synced_at

        counts = self.counts.to_dict()

        revenue30d = self.revenue30d.to_dict()

        subscription_price: dict[str, Any] | None
        if isinstance(self.subscription_price, Money):
            subscription_price = self.subscription_price.to_dict()
        else:
            subscription_price = self.subscription_price

        policy: dict[str, Any] | Unset = UNSET
        if not isinstance(self.policy, Unset):
            policy = self.policy.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "username": username,
            "name": name,
            "avatarUrl": avatar_url,
            "status": status,
            "statusReason": status_reason,
            "writesEnabled": writes_enabled,
            "linkedAt": linked_at,
            "lastSyncedAt": last_synced_at,
            "counts": counts,
            "revenue30d": revenue30d,
            "subscriptionPrice": subscription_price,
        })
        if policy is not UNSET:
            field_dict["policy"] = policy

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.account_detail_counts import AccountDetailCounts # noqa: PLC0415
        from ..models.account_detail_revenue_30d import AccountDetailRevenue30D # noqa: PLC0415
        from ..models.money import Money # noqa: PLC0415
        from ..models.policy import Policy # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        username = d.pop("username")

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))


        def _parse_avatar_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        avatar_url = _parse_avatar_url(d.pop("avatarUrl"))


        status = check_account_status(d.pop("status"))




        def _parse_status_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        status_reason = _parse_status_reason(d.pop("statusReason"))


        writes_enabled = d.pop("writesEnabled")

        def _parse_linked_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                linked_at_type_0 = datetime.datetime.fromisoformat(data)



                return linked_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        linked_at = _parse_linked_at(d.pop("linkedAt"))


        def _parse_last_synced_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_synced_at_type_0 = datetime.datetime.fromisoformat(data)



                return last_synced_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_synced_at = _parse_last_synced_at(d.pop("lastSyncedAt"))


        counts = AccountDetailCounts.from_dict(d.pop("counts"))




        revenue30d = AccountDetailRevenue30D.from_dict(d.pop("revenue30d"))




        def _parse_subscription_price(data: object) -> Money | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                subscription_price_type_0 = Money.from_dict(data)



                return subscription_price_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Money | None, data)

        subscription_price = _parse_subscription_price(d.pop("subscriptionPrice"))


        _policy = d.pop("policy", UNSET)
        policy: Policy | Unset
        if isinstance(_policy,  Unset):
            policy = UNSET
        else:
            policy = Policy.from_dict(_policy)




        account_detail = cls(
            id=id,
            username=username,
            name=name,
            avatar_url=avatar_url,
            status=status,
            status_reason=status_reason,
            writes_enabled=writes_enabled,
            linked_at=linked_at,
            last_synced_at=last_synced_at,
            counts=counts,
            revenue30d=revenue30d,
            subscription_price=subscription_price,
            policy=policy,
        )


        account_detail.additional_properties = d
        return account_detail

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
