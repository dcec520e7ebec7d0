"""Webhook endpoints: added, listed, updated, re-sealed, and their health (failing, failing
since, disabled automatically and enabled again), each change one UPDATE.

Their deliveries and attempts are in repos/webhooks/deliveries.py.
"""

from __future__ import annotations

import builtins
import datetime as dt
from collections.abc import Sequence
from typing import Any, Unpack

import sqlalchemy as sa

from service.webhooks.models import WebhookEndpoint
from service.webhooks.repository import WebhookChanges
from storage.sql import tables as t
from storage.sql.driver.connection import Connection
from storage.sql.driver.rows import to_model, to_row
from storage.sql.driver.statements import prebuilt

e = t.webhook_endpoints.c


_SET_FAILING = prebuilt(  # built once, planned by identity (statements.py)
    t.webhook_endpoints.update()
    .where(e.id == sa.bindparam("endpoint"))
    .where(e.failing.is_distinct_from(sa.bindparam("is_failing", type_=e.failing.type)))
    .values(failing=sa.bindparam("is_failing", type_=e.failing.type))
)


class SqlWebhookEndpoints:
    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    async def add(self, endpoint: WebhookEndpoint) -> None:
        values = to_row(endpoint)
        await self.conn.execute(t.webhook_endpoints.insert().values(values))

    async def get(self, workspace_id: str, endpoint_id: str) -> WebhookEndpoint | None:
        row = (
            await self.conn.execute(
                t.webhook_endpoints.select().where(
                    e.workspace_id == workspace_id, e.id == endpoint_id, e.disabled_at.is_(None)
                )
            )
        ).first()
        return to_model(WebhookEndpoint, row) if row else None

    async def get_by_ids(self, ids: Sequence[str]) -> dict[str, WebhookEndpoint]:
        if not ids:
            return {}
        rows = await self.conn.execute(t.webhook_endpoints.select().where(e.id.in_(list(set(ids)))))
        return {r.id: to_model(WebhookEndpoint, r) for r in rows}

    async def list(
        self, workspace_id: str, kind: str | None = None, mode: str | None = None
    ) -> list[WebhookEndpoint]:
        """Active endpoints, oldest first."""
        query = t.webhook_endpoints.select().where(
            e.workspace_id == workspace_id, e.disabled_at.is_(None)
        )
        if kind is not None:
            query = query.where(e.kind == kind)
        if mode is not None:
            query = query.where(e.mode == mode)
        rows = await self.conn.execute(query.order_by(e.created_at, e.id))
        return [to_model(WebhookEndpoint, r) for r in rows]

    async def update(
        self, endpoint_id: str, **values: Unpack[WebhookChanges]
    ) -> WebhookEndpoint | None:
        row = (
            await self.conn.execute(
                t.webhook_endpoints.update()
                .where(e.id == endpoint_id, e.disabled_at.is_(None))
                .values(**values)
                .returning(*t.webhook_endpoints.c)
            )
        ).first()
        return to_model(WebhookEndpoint, row) if row else None

    async def every(self) -> builtins.list[WebhookEndpoint]:
        """Every endpoint of every workspace, removed ones too (re-sealing secrets at start)."""
        rows = await self.conn.execute(t.webhook_endpoints.select().order_by(e.id))
        return [to_model(WebhookEndpoint, r) for r in rows]

    async def set_secrets(self, endpoint_id: str, secrets: builtins.list[dict[str, Any]]) -> None:
        await self.conn.execute(
            t.webhook_endpoints.update().where(e.id == endpoint_id).values(secrets=secrets)
        )

    async def set_failing(self, endpoint_id: str, failing: bool) -> None:
        await self.conn.execute(_SET_FAILING, {"endpoint": endpoint_id, "is_failing": failing})

    async def note_outcome(self, endpoint_id: str, ok: bool, at: dt.datetime) -> None:
        """A success clears `failing_since`; a failure sets it if unset (the first failure)."""
        if ok:
            query = t.webhook_endpoints.update().where(e.failing_since.is_not(None))
            query = query.values(failing_since=None)
        else:
            query = t.webhook_endpoints.update().where(e.failing_since.is_(None))
            query = query.values(failing_since=at)
        await self.conn.execute(query.where(e.id == endpoint_id))

    async def auto_disable(
        self,
        endpoint_id: str,
        now: dt.datetime,
        reason: str,
        *,
        failing_before: dt.datetime | None = None,
    ) -> WebhookEndpoint | None:
        """Disable an active endpoint (with `failing_before`: only one failing since then);
        None when it was not (already disabled, removed, or not failing that long)."""
        query = t.webhook_endpoints.update().where(
            e.id == endpoint_id, e.disabled_at.is_(None), e.auto_disabled_at.is_(None)
        )
        if failing_before is not None:
            query = query.where(e.failing_since <= failing_before)
        row = (
            await self.conn.execute(
                query.values(
                    auto_disabled_at=now, disabled_reason=reason[:300], failing=True
                ).returning(*t.webhook_endpoints.c)
            )
        ).first()
        return to_model(WebhookEndpoint, row) if row else None

    async def enable(self, endpoint_id: str) -> WebhookEndpoint | None:
        """Undo `auto_disable` (with a clean health record); None if it was not disabled."""
        row = (
            await self.conn.execute(
                t.webhook_endpoints.update()
                .where(
                    e.id == endpoint_id, e.disabled_at.is_(None), e.auto_disabled_at.is_not(None)
                )
                .values(
                    auto_disabled_at=None, disabled_reason=None, failing_since=None, failing=False
                )
                .returning(*t.webhook_endpoints.c)
            )
        ).first()
        return to_model(WebhookEndpoint, row) if row else None
