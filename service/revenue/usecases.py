"""Revenue transactions: recording what the platform shows, and reading it back as a feed.

The platform keeps one mutable row per transaction; we keep every version we saw. A version is
written only when a row is new or its content changed (a fingerprint over the content fields), and
each version gets a `transaction.observed` outbox event in the same unit of work, so the pull feed
and the push webhook report exactly the same changes.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Sequence
from typing import Any

from service.domain.clock import UTC, isoformat, parse_instant
from service.domain.events import Event
from service.domain.ids import new_id
from service.ports import UnitOfWork


def _content(row: dict[str, Any]) -> dict[str, Any]:
    """The platform row normalised to the fields that make a version differ."""
    occurred = row.get("occurredAt")
    occurred_at = parse_instant(occurred) if isinstance(occurred, str) else occurred
    return {
        "fanId": str(row.get("fanId") or ""),
        "kind": str(row.get("kind") or ""),
        "description": str(row.get("description") or ""),
        "status": str(row.get("status") or ""),
        "grossCents": int(row.get("grossCents") or 0),
        "netCents": int(row.get("netCents") or 0),
        "feeCents": int(row.get("feeCents") or 0),
        "vatCents": int(row.get("vatCents") or 0),
        "currency": str(row.get("currency") or ""),
        "occurredAt": occurred_at,
        "deleted": bool(row.get("deleted", False)),
    }


def fingerprint(content: dict[str, Any]) -> str:
    canonical = dict(content, occurredAt=isoformat(content["occurredAt"]))
    text = json.dumps(canonical, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def transaction_json(row: dict[str, Any]) -> dict[str, Any]:
    """A stored version as a Transaction (revenue pull rows and the push's `data`)."""
    observed = row["observed_at"].astimezone(UTC).isoformat(timespec="microseconds")
    return {
        "id": row["id"],
        "accountId": row["account_id"],
        "fanId": row["fan_id"],
        "kind": row["kind"],
        "description": row["description"],
        "status": row["status"],
        "grossCents": int(row["gross_cents"]),
        "netCents": int(row["net_cents"]),
        "feeCents": int(row["fee_cents"]),
        "vatCents": int(row["vat_cents"]),
        "currency": row["currency"],
        "occurredAt": isoformat(row["occurred_at"]),
        "observedAt": observed.replace("+00:00", "Z"),
        "deleted": bool(row["deleted"]),
    }


async def observe_transactions(
    uow: UnitOfWork,
    now: dt.datetime,
    workspace_id: str,
    account_id: str,
    platform_rows: Sequence[dict[str, Any]],
) -> list[dict[str, Any]]:
    """Record the platform's rows for one account; return the new versions as Transaction JSON.

    Call inside `store.transaction()`: the versions, their sequence numbers and their outbox
    events commit together or not at all. Rows whose content is unchanged write nothing.
    """
    latest: dict[str, dict[str, Any]] = {}
    for row in platform_rows:
        latest[str(row["id"])] = row  # a row repeated in one batch counts once (last wins)
    changed = await _changed(uow, workspace_id, account_id, latest)
    if not changed:
        return []  # nothing new: no lock, so an unchanged sync never queues behind writers
    await uow.transactions.lock(workspace_id, now)
    changed = await _changed(
        uow, workspace_id, account_id, {tx_id: latest[tx_id] for tx_id, _, _ in changed}
    )
    if not changed:
        return []  # a concurrent sync of the account recorded them first
    first, observed_at = await uow.transactions.reserve(workspace_id, len(changed), now)
    stored = [
        _row(first + i, workspace_id, account_id, tx_id, content, print_, observed_at)
        for i, (tx_id, content, print_) in enumerate(changed)
    ]
    await uow.transactions.add_many(stored)
    out = [transaction_json(row) for row in stored]
    account = await uow.accounts.get(workspace_id, account_id)
    mode = account.mode if account is not None else "live"  # sandbox creators' are test
    for item in out:
        await uow.events.add(
            Event(
                id=new_id("evt_"),
                workspace_id=workspace_id,
                type="transaction.observed",
                account_id=account_id,
                data=item,
                created_at=now,
                mode=mode,
            )
        )
    return out


async def _changed(
    uow: UnitOfWork, workspace_id: str, account_id: str, rows: dict[str, dict[str, Any]]
) -> list[tuple[str, dict[str, Any], str]]:
    """The rows whose content differs from their newest stored version, with fingerprints."""
    known = await uow.transactions.latest_fingerprints(workspace_id, account_id, list(rows))
    changed = []
    for tx_id, row in rows.items():
        content = _content(row)
        print_ = fingerprint(content)
        if known.get(tx_id) != print_:
            changed.append((tx_id, content, print_))
    return changed


def _row(
    seq: int,
    workspace_id: str,
    account_id: str,
    tx_id: str,
    content: dict[str, Any],
    print_: str,
    observed_at: dt.datetime,
) -> dict[str, Any]:
    return {
        "seq": seq,
        "workspace_id": workspace_id,
        "account_id": account_id,
        "id": tx_id,
        "fan_id": content["fanId"],
        "kind": content["kind"],
        "description": content["description"][:500],
        "status": content["status"],
        "gross_cents": content["grossCents"],
        "net_cents": content["netCents"],
        "fee_cents": content["feeCents"],
        "vat_cents": content["vatCents"],
        "currency": content["currency"][:3],
        "occurred_at": content["occurredAt"],
        "observed_at": observed_at,
        "deleted": content["deleted"],
        "fingerprint": print_,
    }
