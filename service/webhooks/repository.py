"""The webhooks' storage ports: endpoints and their deliveries. `**values:
Unpack[WebhookChanges]` names the columns an endpoint's write may change, so mypy checks every
column name and value type a caller passes: the record's fields (models.py) minus its identity;
tests/storage/test_changes.py keeps them in step with the record."""

from __future__ import annotations

import builtins
import datetime as dt
from collections.abc import Sequence
from typing import Any, Protocol, TypedDict, Unpack

from service.domain.events import Event
from service.webhooks.models import Delivery, DeliveryAttempt, WebhookEndpoint


class WebhookChanges(TypedDict, total=False):
    kind: str
    mode: str
    url: str
    secrets: list[dict[str, Any]]
    event_types: list[str] | None
    failing: bool
    created_at: dt.datetime
    disabled_at: dt.datetime | None
    failing_since: dt.datetime | None
    auto_disabled_at: dt.datetime | None
    disabled_reason: str | None


class WebhookEndpoints(Protocol):
    async def add(self, endpoint: WebhookEndpoint) -> None: ...
    async def get(self, workspace_id: str, endpoint_id: str) -> WebhookEndpoint | None: ...
    async def get_by_ids(self, ids: Sequence[str]) -> dict[str, WebhookEndpoint]: ...
    async def list(
        self, workspace_id: str, kind: str | None = None, mode: str | None = None
    ) -> Sequence[WebhookEndpoint]: ...
    async def update(
        self, endpoint_id: str, **values: Unpack[WebhookChanges]
    ) -> WebhookEndpoint | None: ...
    async def set_failing(self, endpoint_id: str, failing: bool) -> None: ...
    async def note_outcome(self, endpoint_id: str, ok: bool, at: dt.datetime) -> None:
        """A success clears `failing_since`; a failure sets it when unset."""

    async def auto_disable(
        self,
        endpoint_id: str,
        now: dt.datetime,
        reason: str,
        *,
        failing_before: dt.datetime | None = None,
    ) -> WebhookEndpoint | None:
        """Conditional: disables an active endpoint (failing since `failing_before`, if given)."""

    async def enable(self, endpoint_id: str) -> WebhookEndpoint | None: ...
    async def every(self) -> Sequence[WebhookEndpoint]: ...
    async def set_secrets(
        self, endpoint_id: str, secrets: builtins.list[dict[str, Any]]
    ) -> None: ...


class Deliveries(Protocol):
    """Deliveries are claimed and finished with conditional writes (a lease per worker)."""

    async def undispatched_events(self, limit: int) -> Sequence[Event]: ...
    async def mark_dispatched(self, seqs: Sequence[int], now: dt.datetime) -> set[int]: ...
    async def add(self, delivery: Delivery) -> None: ...
    async def get(self, delivery_id: str) -> Delivery | None: ...
    async def events_of(self, event_ids: Sequence[str]) -> dict[str, Event]:
        """The events these deliveries send, by id (a delivery's body is built from its event)."""

    async def list(
        self, endpoint_id: str, limit: int = 50, before: tuple[dt.datetime, int] | None = None
    ) -> Sequence[Delivery]: ...
    async def due(
        self, now: dt.datetime, limit: int, *, exclude_endpoints: Sequence[str] = ()
    ) -> Sequence[tuple[str, str]]: ...
    async def claim(
        self, delivery_id: str, worker: str, now: dt.datetime, until: dt.datetime
    ) -> Delivery | None: ...
    async def claim_many(
        self, delivery_ids: Sequence[str], worker: str, now: dt.datetime, until: dt.datetime
    ) -> Sequence[Delivery]: ...
    async def finish(
        self,
        delivery_id: str,
        worker: str,
        *,
        status: str,
        attempts: int,
        next_attempt_at: dt.datetime | None,
    ) -> Delivery | None: ...
    async def succeed_many(
        self, delivery_ids: Sequence[str], worker: str
    ) -> Sequence[Delivery]: ...
    async def reset(self, delivery_id: str, now: dt.datetime) -> Delivery | None: ...
    async def fail_pending(self, endpoint_id: str) -> int: ...
    async def resend_failed(
        self, endpoint_id: str, since: dt.datetime, now: dt.datetime
    ) -> int: ...
    async def add_attempt(self, attempt: DeliveryAttempt) -> None: ...
    async def add_attempts(self, attempts: Sequence[DeliveryAttempt]) -> None:
        """Several attempt rows in one statement executed for each (a round's records)."""

    async def attempts(self, delivery_id: str) -> Sequence[DeliveryAttempt]: ...
    async def last_attempts(self, delivery_ids: Sequence[str]) -> dict[str, DeliveryAttempt]: ...
