"""A revenue poller: pulls every new or changed transaction once, and resumes where it stopped.

The cursor is stored after each page, with the rows it brought, in one small JSON file, so a
poller that is stopped (or crashes) and started again asks only for what came after. A
transaction that changes appears again with the same `id`: the latest row is current, so rows
are kept by id. The revenue pull reads its key from `x-service-api-key`.

    python examples/revenue_poller.py --url http://127.0.0.1:8000 --key sk_live_… --state revenue.json

Run it from cron, or with `--every 60` to poll once a minute.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path
from typing import Any

from countersign_client import call, connect_revenue
from countersign_client.generated.api.revenue import list_revenue_transactions
from countersign_client.generated.types import UNSET


def load(state: Path) -> dict[str, Any]:
    if state.exists():
        loaded: dict[str, Any] = json.loads(state.read_text())
        return loaded
    return {"cursor": None, "transactions": {}}


def save(state: Path, data: dict[str, Any]) -> None:
    """Written beside and renamed over: a crash leaves the old state or the new, never half."""
    partial = state.with_suffix(".partial")
    partial.write_text(json.dumps(data, indent=1, sort_keys=True))
    os.replace(partial, state)


def poll(base_url: str, key: str, state: Path, *, limit: int = 500) -> int:
    """Pull until caught up (`hasMore` false); how many rows came in."""
    data = load(state)
    received = 0
    with connect_revenue(base_url, key) as client:
        while True:
            page = call(
                list_revenue_transactions.sync_detailed,
                client=client,
                cursor=data["cursor"] or UNSET,
                limit=limit,
            )
            for row in page.transactions:
                data["transactions"][row.id] = row.to_dict()  # the latest row is current
            received += len(page.transactions)
            data["cursor"] = page.next_cursor or data["cursor"]
            save(state, data)
            if not page.has_more:
                return received


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", required=True)
    parser.add_argument("--key", required=True)
    parser.add_argument("--state", type=Path, default=Path("revenue.json"))
    parser.add_argument("--every", type=float, help="poll again after this many seconds")
    args = parser.parse_args()
    while True:
        print(f"{poll(args.url, args.key, args.state)} new or changed transactions", flush=True)
        if args.every is None:
            return
        time.sleep(args.every)


if __name__ == "__main__":
    main()
