"""What an action's params work out to against synced data: the params as sent, the summary,
the recipient estimate and the warnings.

Creation, an approver's edit and asking again work them out the same way, so this sits below
all three.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypedDict

from attrs import frozen

from service.accounts.model import Account
from service.actions.lookups import look_up
from service.actions.types import ActionType, Audience, price_of
from service.actions.types.registry import SummaryNames, clipped_summary, fan_label
from service.actions.warnings import Found, named_fan_ids, warnings_for
from service.domain.messages import platform_html, visible_text
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.ports import UnitOfWork
from service.synced.model import Fan


async def _estimate(
    uow: UnitOfWork, account: Account, kind: ActionType, params: dict[str, Any]
) -> int | None:
    estimate = kind.estimate(params)
    if not isinstance(estimate, Audience):
        return estimate
    # One COUNT in the database (fans named by id but not yet synced still count: they may be
    # new); it runs in the read unit, before the write transaction, so it never holds the lock.
    return await uow.fans.count_audience(
        account.workspace_id,
        account.id,
        fan_ids=estimate.fan_ids,
        list_ids=estimate.list_ids,
        exclude_list_ids=estimate.exclude_list_ids,
    )


def as_sent(params: dict[str, Any]) -> dict[str, Any]:
    """The params the platform will receive (an action's `params` are those sent, after
    validation):
    message text made into safe HTML once, here, so approval shows exactly what runs. The
    executor sends them unchanged."""
    if "text" not in params:
        return params
    text = platform_html(params["text"])
    if not visible_text(text):
        raise ApiError(
            ErrorCode.INVALID_PARAMETER,
            "Nothing a fan could read is left once scripts, "
            "styles and other unsafe HTML are removed from `text`.",
            param="params.text",
        )
    return {**params, "text": text}


class FactColumns(TypedDict):
    """The columns an action's facts fill, at creation and on an edit."""

    params: dict[str, Any]
    summary: str
    estimated_recipients: int | None
    warnings: list[dict[str, Any]]
    price: dict[str, Any] | None


@frozen
class Facts:
    """What creation (and an edit) work out from params against synced data."""

    summary: str
    estimated_recipients: int | None
    warnings: list[dict[str, Any]]

    def columns(self, params: dict[str, Any]) -> FactColumns:
        return {
            "params": params,
            "summary": self.summary,
            "estimated_recipients": self.estimated_recipients,
            "warnings": self.warnings,
            "price": price_of(params),
        }


def _fan_ids(kind: ActionType, sent: dict[str, Any]) -> list[str]:
    """The fans the type declares (for warnings), and a chat's fan (named in the summary)."""
    fan_ids = named_fan_ids(kind, sent)
    chat = sent.get("fanId")
    return [*fan_ids, chat] if isinstance(chat, str) and chat not in fan_ids else fan_ids


async def _names(
    uow: UnitOfWork,
    account: Account,
    kind: ActionType,
    sent: dict[str, Any],
    fans: Sequence[Fan],
    found: Found,
) -> SummaryNames:
    """Synced names for what the summary names: the fans and lists the type declares, vault
    lists its lookups found, and another creator when the workspace has linked them."""
    list_ids = {str(list_id) for _, list_id in kind.lists(sent)}
    creators = {}
    if isinstance(sent.get("userId"), str):
        other = await uow.accounts.get(account.workspace_id, sent["userId"])
        if other is not None and other.username:
            creators[other.id] = f"@{other.username}"
    return SummaryNames(
        fans={fan.id: fan_label(fan.name, fan.username) for fan in fans},
        fan_lists={
            str(item["id"]): str(item["name"])
            for item in account.fan_lists or []
            if str(item.get("id")) in list_ids and item.get("name")
        },
        vault_lists={
            key: str(item["name"])
            for (family, key), item in found.items()
            if family == "vault_lists" and item is not None and item.get("name")
        },
        creators=creators,
    )


async def work_out_facts(
    uow: UnitOfWork, account: Account, kind: ActionType, sent: dict[str, Any]
) -> Facts:
    fans = await uow.fans.get_many(account.workspace_id, account.id, _fan_ids(kind, sent))
    recipients = await _estimate(uow, account, kind, sent)
    found = await look_up(uow, account, kind, sent)
    names = await _names(uow, account, kind, sent, fans, found)
    return Facts(
        summary=clipped_summary(kind.summary(sent, f"@{account.username}", recipients, names)),
        estimated_recipients=recipients,
        warnings=warnings_for(kind, sent, account, {fan.id: fan for fan in fans}, found),
    )
