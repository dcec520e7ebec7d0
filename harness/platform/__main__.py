"""`python -m harness.platform --host 127.0.0.1 --port 8100 [--seed 1] [--tick-seconds N]`.

Prints the seeded creators' sign-in details first, so a person can link one by hand.
"""

from __future__ import annotations

import argparse
import threading
from datetime import timedelta

import uvicorn

from .app import create_platform_app
from .state import PlatformState


def start_ticking(state: PlatformState, seconds: float) -> threading.Event:
    """Let the world change over time for QA and demos; set the returned event to stop."""
    stop = threading.Event()

    def loop() -> None:
        while not stop.wait(seconds):
            state.tick()

    threading.Thread(target=loop, name="fake-platform-ticker", daemon=True).start()
    return stop


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m harness.platform", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--session-ttl-days", type=float, default=30.0)
    parser.add_argument(
        "--tick-seconds",
        type=float,
        default=0,
        help="every N seconds, move revenue on (new rows, status changes, "
        "refunds); 0 = only when asked through /_control",
    )
    args = parser.parse_args(argv)
    state = PlatformState(args.seed, session_ttl=timedelta(days=args.session_ttl_days))
    if args.tick_seconds > 0:
        start_ticking(state, args.tick_seconds)
    print(f"Fake platform on http://{args.host}:{args.port} (seed {args.seed}). Creators:")
    for creator in state.creators.values():
        steps = ["password"] + ["2FA code " + creator.two_factor_code] * creator.requires_2fa
        steps += ["selfie"] * creator.requires_selfie
        print(f"  {creator.user_id}  {creator.email} / {creator.password}  ({', '.join(steps)})")
    uvicorn.run(create_platform_app(state), host=args.host, port=args.port, log_level="info")


if __name__ == "__main__":
    main()
