"""The event outbox: each event written once with its sequence number, read in order.

The webhook dispatcher hands events on to deliveries (repos/webhooks/deliveries.py); actions write theirs
in the same transaction as the change (repos/actions/writes.py).
"""

from __future__ import annotations

from service.domain.events import Event
from storage.sql import tables as t
from storage.sql.driver.connection import Connection
from storage.sql.driver.rows import to_model, to_row
from storage.sql.driver.statements import prebuilt

_ADD_EVENT = prebuilt(t.events.insert().returning(t.events.c.seq))  # columns: the values bound


class SqlEvents:
    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    async def add(self, event: Event) -> int:
        """Write the event; returns its `seq` (the envelope's `sequence`)."""
        values = to_row(event)
        values.pop("seq")
        return int((await self.conn.execute(_ADD_EVENT, values)).scalar_one())

    async def list(
        self, workspace_id: str | None = None, *, after_seq: int = 0, limit: int = 100
    ) -> list[Event]:
        query = t.events.select().where(t.events.c.seq > after_seq)
        if workspace_id is not None:
            query = query.where(t.events.c.workspace_id == workspace_id)
        rows = await self.conn.execute(query.order_by(t.events.c.seq).limit(limit))
        return [to_model(Event, r) for r in rows]
