"""The `account.status_changed` event: one for every change of an account's status.

Built here (pure) and written by the one writer of account status (service/accounts/status.py)
in the unit of work of the status write, so every move (linking, the syncer, live reads, the
actions lifecycle) emits it: no status change without its event, no event without its change.
"""

from __future__ import annotations

import datetime as dt

from service.accounts.model import Account
from service.domain.events import Event
from service.domain.ids import new_id

STATUS_CHANGED = "account.status_changed"


def status_changed(previous_status: str, account: Account, now: dt.datetime) -> Event | None:
    """The event for `account` (as written) having left `previous_status`; None if it did not."""
    if account.status == previous_status:
        return None
    return Event(
        id=new_id("evt_"),
        workspace_id=account.workspace_id,
        type=STATUS_CHANGED,
        account_id=account.id,
        data={
            "accountId": account.id,
            "status": account.status,
            "previousStatus": previous_status,
            "statusReason": account.status_reason,
        },
        created_at=now,
        mode=account.mode,  # sandbox creators' changes go only to test endpoints
    )
