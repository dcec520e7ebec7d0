"""`OperationValidator("createAction").parse` on a send_message request: jsonschema alone
against the jsonschema-rs fast path (service/http/fast_schema.py), alternating in one run.

    python -m bench.validation [--rounds 5] [--number 20000]
"""

from __future__ import annotations

import argparse
import json
import timeit

from bench import quick
from service.http.spec import load_document
from service.http.validation import OperationValidator

BODY = json.dumps(
    {
        "type": "send_message",
        "params": {"fanId": "4823519", "text": "Hello <b>there</b>", "priceCents": 500},
    }
).encode()
PATH = {"accountId": "4823519"}
HEADERS = {"Idempotency-Key": "k-1"}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--number", type=int, default=20000)
    args = quick.parse(parser, None, rounds=1, number=50)
    document = load_document()
    sides = {
        "jsonschema alone": OperationValidator(document, "createAction", fast=False),
        "fast path": OperationValidator(document, "createAction"),
    }
    best: dict[str, float] = {}
    for _ in range(args.rounds):
        for name, validator in sides.items():
            seconds = timeit.timeit(
                lambda v=validator: v.parse({}, PATH, HEADERS, BODY, "application/json"),
                number=args.number,
            )
            best[name] = min(best.get(name, seconds), seconds)
    for name, seconds in best.items():
        print(f"{name:>16}: {seconds / args.number * 1e6:6.1f} µs per parse, best of {args.rounds}")
    print(f"{'speed-up':>16}: {best['jsonschema alone'] / best['fast path']:.1f}×")


if __name__ == "__main__":
    main()
