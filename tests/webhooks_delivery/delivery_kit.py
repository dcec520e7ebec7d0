"""Helpers for the delivery tests (the fixtures live in this directory's conftest.py)."""

from __future__ import annotations

from service.domain.events import Event
from service.domain.ids import new_id
from service.webhooks.sender import Sender


async def add_event(
    store,
    clock,
    workspace_id: str,
    event_type: str,
    account_id: str | None,
    data: dict,
    mode: str = "live",
) -> Event:
    event = Event(
        id=new_id("evt_"),
        workspace_id=workspace_id,
        type=event_type,
        account_id=account_id,
        data=data,
        created_at=clock.now(),
        mode=mode,
    )
    async with store.transaction() as uow:
        await uow.events.add(event)
    return event


async def deliveries_of(store, endpoint_id: str):
    async with store.reading() as uow:
        return await uow.deliveries.list(endpoint_id, limit=1000)


async def endpoint_now(store, workspace_id: str, endpoint_id: str):
    async with store.reading() as uow:
        return await uow.webhooks.get(workspace_id, endpoint_id)


def loopback_sender(http, box, **options) -> Sender:
    """A sender as the service builds one in development (the receivers listen on loopback)."""
    return Sender(
        http, box=box, public_url="http://countersign.test", allow_loopback=True, **options
    )
