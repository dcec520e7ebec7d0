"""What an action's params work out to against synced data: the params as sent, the summary,
the recipient estimate and the warnings.

Creation, an approver's edit and asking again work them out the same way, so this sits below
all three.
"""

from __future__ import annotations

from typing import Any, TypedDict

from attrs import frozen

from service.accounts.model import Account
from service.actions.lookups import look_up
from service.actions.types import ActionType, Audience, price_of
from service.actions.warnings import named_fan_ids, warnings_for
from service.domain.messages import platform_html, visible_text
from service.error_codes import ErrorCode
from service.errors import ApiError
from service.ports import UnitOfWork


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


async def work_out_facts(
    uow: UnitOfWork, account: Account, kind: ActionType, sent: dict[str, Any]
) -> Facts:
    fans = await uow.fans.get_many(account.workspace_id, account.id, named_fan_ids(kind, sent))
    recipients = await _estimate(uow, account, kind, sent)
    found = await look_up(uow, account, kind, sent)
    return Facts(
        summary=kind.summary(sent, f"@{account.username}", recipients),
        estimated_recipients=recipients,
        warnings=warnings_for(kind, sent, account, {fan.id: fan for fan in fans}, found),
    )
