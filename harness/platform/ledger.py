"""Revenue rows and how they change over time.

The service's syncer must cope with a ledger that moves under it: rows appear, pending rows
complete, completed rows are refunded or reversed by a chargeback, amounts get corrected and
rows are deleted. This module is those moves, shared by the seed, the control API and `tick()`.
Amounts: the fee is 20% of gross, VAT (when charged) is included in gross, net is what is left.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import datetime
from typing import Any

from .models import Creator, Transaction

KINDS = ("subscription", "tip", "message", "post", "stream", "referral", "chargeback")
STATUSES = ("pending", "completed", "refunded", "reversed")
FEE_RATE = 0.20

_DESCRIPTIONS = {
    "subscription": "Subscription from @{fan}",
    "tip": "Tip from @{fan}",
    "message": "Payment for message from @{fan}",
    "post": "Payment for post from @{fan}",
    "stream": "Tip during stream from @{fan}",
    "referral": "Referral reward for @{fan}",
    "chargeback": "Chargeback by @{fan}",
}


def split_amounts(gross_cents: int, vat_rate: float = 0.0) -> dict[str, int]:
    """Fee, VAT and net for a gross amount, so that net = gross - fee - vat exactly."""
    vat = round(gross_cents * vat_rate / (1 + vat_rate)) if vat_rate else 0
    fee = round(gross_cents * FEE_RATE)
    return {
        "gross_cents": gross_cents,
        "fee_cents": fee,
        "vat_cents": vat,
        "net_cents": gross_cents - fee - vat,
    }


def typical_gross(rng: random.Random, kind: str, creator: Creator) -> int:
    if kind == "subscription":
        return creator.subscribe_price_cents
    choices = {
        "tip": (500, 1000, 2000, 2500, 5000, 10000),
        "message": (500, 800, 1200, 1500, 2500, 3000),
        "post": (300, 500, 900, 1500),
        "stream": (1000, 2000, 4000),
        "referral": (200, 450, 1000),
    }
    return rng.choice(choices.get(kind, (1000,)))


def describe(kind: str, creator: Creator, fan_id: str) -> str:
    fan = creator.fans.get(fan_id)
    return _DESCRIPTIONS.get(kind, "Payment from @{fan}").format(
        fan=fan.username if fan else fan_id
    )


def new_transaction(
    creator: Creator,
    tx_id: str,
    now: datetime,
    rng: random.Random,
    fields: dict[str, Any] | None = None,
) -> Transaction:
    """A row from optional camelCase `fields` (control API names); the rest is made up."""
    fields = dict(fields or {})
    kind = fields.get("kind") or rng.choice(KINDS[:4])
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {', '.join(KINDS)}")
    status = fields.get("status", "pending")
    if status not in STATUSES:
        raise ValueError(f"status must be one of {', '.join(STATUSES)}")
    fan_id = str(fields.get("fanId") or rng.choice(sorted(creator.fans)))
    gross = int(fields.get("grossCents", typical_gross(rng, kind, creator)))
    made_up = "grossCents" not in fields and "vatCents" not in fields
    amounts = split_amounts(gross, 0.2 if made_up and rng.random() < 0.3 else 0.0)
    for name in ("fee_cents", "vat_cents", "net_cents"):
        camel = _camel(name)
        if camel in fields:
            amounts[name] = int(fields[camel])
    if "vatCents" in fields and "netCents" not in fields:
        amounts["net_cents"] = gross - amounts["fee_cents"] - amounts["vat_cents"]
    occurred = fields.get("occurredAt") or now
    if isinstance(occurred, str):
        occurred = datetime.fromisoformat(occurred)
    return Transaction(
        id=str(fields.get("id") or tx_id),
        fan_id=fan_id,
        kind=kind,
        description=fields.get("description") or describe(kind, creator, fan_id),
        status=status,
        currency=fields.get("currency", "USD"),
        occurred_at=occurred,
        updated_at=now,
        deleted=bool(fields.get("deleted", False)),
        **amounts,
    )


def change_transaction(tx: Transaction, changes: dict[str, Any], now: datetime) -> Transaction:
    """Apply camelCase `changes` (status, amounts, description, deleted) in place.

    A new gross without new fee/net recomputes them, keeping the row's VAT share.
    """
    if "status" in changes and changes["status"] not in STATUSES:
        raise ValueError(f"status must be one of {', '.join(STATUSES)}")
    if "grossCents" in changes:
        gross = int(changes["grossCents"])
        rate = tx.vat_cents / (tx.gross_cents - tx.vat_cents) if tx.vat_cents else 0.0
        amounts = split_amounts(gross, rate)
        for name, value in amounts.items():
            setattr(tx, name, value)
    for name in ("fee_cents", "vat_cents", "net_cents"):
        if _camel(name) in changes:
            setattr(tx, name, int(changes[_camel(name)]))
    if "status" in changes:
        tx.status = changes["status"]
    if "description" in changes:
        tx.description = str(changes["description"])
    if "deleted" in changes:
        tx.deleted = bool(changes["deleted"])
    tx.updated_at = now
    return tx


def chargeback_for(original: Transaction, tx_id: str, when: datetime) -> Transaction:
    """The negative row a chargeback adds; the original becomes `reversed`."""
    original.status = "reversed"
    original.updated_at = when
    return Transaction(
        id=tx_id,
        fan_id=original.fan_id,
        kind="chargeback",
        description=f"Chargeback of transaction {original.id}",
        status="completed",
        gross_cents=-original.gross_cents,
        fee_cents=-original.fee_cents,
        vat_cents=-original.vat_cents,
        net_cents=-original.net_cents,
        currency=original.currency,
        occurred_at=when,
        updated_at=when,
    )


def tick(
    creator: Creator, new_id: Callable[[], str], now: datetime, rng: random.Random
) -> dict[str, Any]:
    """One change, as the platform's ledger would make it: returns what happened."""
    live = [t for t in creator.transactions.values() if not t.deleted]
    pending = [t for t in live if t.status == "pending"]
    completed = [t for t in live if t.status == "completed" and t.kind != "chargeback"]
    roll = rng.random()
    if roll < 0.2 and pending:
        tx = rng.choice(pending)
        change_transaction(tx, {"status": "completed"}, now)
        return {"change": "completed", "transactionId": tx.id}
    if roll < 0.3 and completed:
        tx = rng.choice(completed)
        change_transaction(tx, {"status": "refunded"}, now)
        return {"change": "refunded", "transactionId": tx.id}
    if roll < 0.35 and completed:
        cb = chargeback_for(rng.choice(completed), new_id(), now)
        creator.transactions[cb.id] = cb
        return {"change": "chargeback", "transactionId": cb.id}
    if roll < 0.45 and live:
        tx = rng.choice(live)
        change_transaction(tx, {"deleted": True}, now)
        return {"change": "deleted", "transactionId": tx.id}
    tx = new_transaction(creator, new_id(), now, rng)
    creator.transactions[tx.id] = tx
    return {"change": "added", "transactionId": tx.id}


def _camel(snake: str) -> str:
    head, *rest = snake.split("_")
    return head + "".join(part.title() for part in rest)
