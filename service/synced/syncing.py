"""What the syncer uses, and all it may, named one by one by the composition root
(service/app.py), which also hands it to the runner and to a finished link's first sync."""

from __future__ import annotations

import datetime as dt
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from attrs import frozen

from service.domain.clock import Clock
from service.platform.seam import Platforms
from service.ports import Store, UnitOfWork
from service.settings import Settings

ObserveTransactions = Callable[
    [UnitOfWork, dt.datetime, str, str, Sequence[dict[str, Any]]], Awaitable[Sequence[object]]
]
"""Records the platform's revenue rows for one account in the unit of work; returns the new
versions (the revenue feature's `observe_transactions`)."""


@frozen
class SyncDeps:
    """The store, the clock, the platforms (each account's connection and budget), the settings
    (interval, concurrency, windows, page cap) and how the revenue rows a sync reads are
    recorded."""

    store: Store
    clock: Clock
    platforms: Platforms
    settings: Settings
    observe_transactions: ObserveTransactions
