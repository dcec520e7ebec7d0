"""What every leasing worker (the deliverer, the mailer) shares: a name its leases carry, a
wakeup to look for work at once, and the idle wait between looks."""

from __future__ import annotations

import asyncio
import contextlib
import os

from service.domain.ids import new_id


class Wakeable:
    """A worker named `<prefix>-<pid>-<random>`: the name its conditional claims write, so a
    lease says which process holds it. It looks for work every `idle_seconds`, or at once when
    `wakeup` is set."""

    def __init__(self, prefix: str, idle_seconds: float, wakeup: asyncio.Event | None) -> None:
        self.worker = f"{prefix}-{os.getpid()}-{new_id('', 8)}"
        self.idle_seconds = idle_seconds
        self.wakeup = wakeup or asyncio.Event()  # set it to look for work at once

    async def wait_for_work(self) -> None:
        """Until `wakeup` is set or `idle_seconds` pass. asyncio.timeout, not wait_for: on
        Python 3.11 wait_for swallows a cancellation that lands as the event is set, and the
        stopping worker would run on forever."""
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(self.idle_seconds):
                await self.wakeup.wait()
