"""Actions over /v1: create, get, list, cancel, and the dashboard-only approve and reject."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable
from functools import cache
from typing import Any

from starlette.requests import Request

from service.actions.ask_again import request_again as ask_again
from service.actions.creation import create_action as create
from service.actions.decisions import cancel_action as cancel
from service.actions.decisions import decide_action
from service.actions.model import Action
from service.actions.render import action_json
from service.actions.types import REGISTRY, ActionType
from service.actions.types.registry import type_of
from service.actions.warnings import named_fan_ids
from service.api.endpoint import Call, Incoming, Reply, endpoint
from service.chat.outbox import show_counted
from service.domain.ids import MAX_ID_LENGTH, looks_like
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.http.paging import Pager, by_time_and_id
from service.http.spec import OpenApiDocument
from service.http.validation import UNSTORABLE, json_body
from service.keys.repository import ReadAlong


def _reply(
    call: Call, action: Action, status: int = 200, headers: dict[str, str] | None = None
) -> Reply:
    body = action_json(action, call.services.settings.public_url, call.services.clock.now())
    return Reply({"data": body, "meta": call.meta()}, status=status, headers=headers)


PEEKED_BODY = 8192
"""The largest creation body read before its key is checked, for the fan it names: the body is
read unauthenticated, so never more than this."""


def _storable_id(text: object) -> str | None:
    """`text` when it can be an id in every database (anything else is validation's to refuse)."""
    if isinstance(text, str) and 0 < len(text) <= MAX_ID_LENGTH and not UNSTORABLE.search(text):
        return text
    return None


async def _account_in_path(incoming: Incoming, max_body: int) -> ReadAlong | None:
    """The account a creation reads first, with its rules and limits, and the one fan its
    params name: read with the key."""
    account_id = _storable_id(incoming.path.get("accountId"))
    if account_id is None:
        return None
    return ReadAlong("accounts_for_create", account_id, await _named_fan(incoming, max_body))


async def _named_fan(incoming: Incoming, max_body: int) -> str | None:
    """The fan a small creation body names, if exactly one. The body is not validated yet:
    whatever is wrong with it (unreadable, not JSON, no such type, odd params) names no fan
    here, and validation answers it once the key is checked."""
    declared = incoming.headers.get("content-length", "")
    if not declared.isdigit() or int(declared) > PEEKED_BODY:
        return None
    try:
        body = json_body(await incoming.read_body(max_body))
        named = set(named_fan_ids(type_of(body["type"]), body["params"]))
    except Exception:  # noqa: BLE001 (validation, after the key, gives this body's answer)
        return None
    return _storable_id(named.pop()) if len(named) == 1 else None


@endpoint("createAction", scope="write", hands_over=True, reads_along=_account_in_path)
async def create_action(call: Call) -> Reply:
    body, services = call.params.body, call.services
    created = await create(
        services.store,
        services.clock,
        call.principal,
        call.params.path["accountId"],
        call.params.headers["Idempotency-Key"],
        body["type"],
        body["params"],
        run_at=body.get("runAt"),
        wake_executor=services.wake_executor,
        reading=call.reading,
    )
    if services.settings.chat_enabled and not created.replayed:
        services.wake_deliverer()  # post it to the team's chat now, not at the next poll
    # As Stripe does: a client (or its logs) can tell a retry's answer from a new action.
    return _reply(
        call,
        created.action,
        status=202,
        headers={"Idempotent-Replayed": "true"} if created.replayed else None,
    )


def _reads_at_once(incoming: Incoming) -> bool:
    """A plain read shares authentication's unit of work; a wait must hold no connection."""
    return "wait" not in incoming.query


async def _action_in_path(incoming: Incoming, _max_body: int) -> ReadAlong | None:
    """The action a plain read asks for, read with the key (an id of another form names no
    action: validation answers it, with nothing read)."""
    action_id = incoming.path.get("actionId", "")
    return ReadAlong("actions", action_id) if looks_like(action_id, "act_") else None


@endpoint("getAction", shares_reader=_reads_at_once, reads_along=_action_in_path)
async def get_action(call: Call) -> Reply:
    action_id = call.params.path["actionId"]
    wait = call.params.query.get("wait")
    if wait is None:
        return _reply(call, await _visible(call, action_id))
    services = call.services
    # Registered before the first read: a change committed after that read still wakes it.
    async with services.waiters.watching(action_id) as waiter:
        action = await _visible(call, action_id)
        waiting = services.waiters.wait(
            waiter,
            action,
            until=call.params.query.get("until", "decided"),
            seconds=wait,
            clock=services.clock,
            progress=call.incoming.progress,
        )
        request = call.incoming.request
        if request is None:  # MCP: a cancelled tool call cancels this task
            action = await waiting
        else:
            action = await _unless_disconnected(request, waiting) or action
    return _reply(call, action)


async def _visible(call: Call, action_id: str) -> Action:
    async with call.reading() as uow:
        action = await uow.actions.get(call.principal.workspace_id, action_id)
    if (
        action is None
        or action.mode != call.principal.mode
        or not call.principal.allows(action.account_id)
    ):
        raise ApiError(ErrorCode.ACTION_NOT_FOUND, param="actionId")
    return action


async def _unless_disconnected(request: Request, waiting: Awaitable[Action]) -> Action | None:
    """`waiting`'s result, or None once the client hung up (the wait is then cancelled, which
    frees its waiter): ASGI sends `http.disconnect` to a request that is read past its body."""

    async def hung_up() -> None:
        while (await request.receive())["type"] != "http.disconnect":
            pass

    wait_task = asyncio.ensure_future(waiting)
    watch_task = asyncio.ensure_future(hung_up())
    try:
        await asyncio.wait({wait_task, watch_task}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in (wait_task, watch_task):
            task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await watch_task
        with contextlib.suppress(asyncio.CancelledError):
            await wait_task
    return wait_task.result() if not wait_task.cancelled() else None


@endpoint("listActions", shares_reader=True)
async def list_actions(call: Call) -> Reply:
    p, q, services = call.principal, call.params.query, call.services
    status = None if q["status"] == "all" else q["status"]
    account_id = q.get("accountId")
    filters = {
        "mode": p.mode,
        "status": q["status"],
        "accountId": account_id,
        "key": p.key_id or p.user_id,
    }
    pager = Pager(services.cursors, "actions", filters, q["limit"], by_time_and_id)
    before = pager.start(q.get("cursor"))
    now = services.clock.now()
    async with call.reading() as uow:
        rows = await uow.actions.list(
            p.workspace_id,
            mode=p.mode,
            status=status,
            account_id=account_id,
            only_accounts=p.account_ids,
            before=before,
            limit=pager.limit + 1,
            now=now,
        )
    page = pager.page(rows, lambda a: [a.created_at.isoformat(), a.id])
    url = services.settings.public_url
    return Reply(
        {
            "data": [action_json(a, url, now) for a in page.items],
            "hasMore": page.more,
            "nextCursor": page.cursor,
            "meta": call.meta(),
        }
    )


async def _decide(call: Call, approve: bool) -> Reply:
    body = call.params.body or {}
    services = call.services
    action = await decide_action(
        services.store,
        services.clock,
        call.principal,
        call.params.path["actionId"],
        approve=approve,
        note=body.get("note"),
        wake_executor=services.wake_executor,
        params=body.get("params") if approve else None,
    )
    await show_counted(
        services.store,
        action.id,
        action.status,
        chat_on=services.settings.chat_enabled,
        wake_poster=services.wake_poster,
    )
    return _reply(call, action)


@endpoint("approveAction", auth="session")
async def approve_action(call: Call) -> Reply:
    return await _decide(call, approve=True)


@endpoint("rejectAction", auth="session")
async def reject_action(call: Call) -> Reply:
    return await _decide(call, approve=False)


@endpoint("requestActionAgain", auth="session")
async def request_again(call: Call) -> Reply:
    """A new pending action from an expired or rejected one (201; 200 when already asked)."""
    services = call.services
    created = await ask_again(
        services.store,
        services.clock,
        call.principal,
        call.params.path["actionId"],
    )
    return _reply(call, created.action, status=200 if created.replayed else 201)


@endpoint("cancelAction", scope="write", auth="key_or_session")
async def cancel_action(call: Call) -> Reply:
    """End a pending or approved action before it runs (a key with `write`, or a person)."""
    services = call.services
    body = call.params.body or {}
    action = await cancel(
        services.store,
        services.clock,
        call.principal,
        call.params.path["actionId"],
        note=body.get("note"),
        wake_deliverer=services.wake_deliverer,
    )
    return _reply(call, action)


def describe(kind: ActionType, document: OpenApiDocument) -> dict[str, Any]:
    schemas = document.document["components"]["schemas"]
    results = [document.inline(schemas[name]) for name in kind.result_schemas]
    return {
        "type": kind.name,
        "description": kind.description,
        "routes": list(kind.routes),
        "params": document.inline(schemas[kind.params_schema]),
        "result": results[0] if len(results) == 1 else {"oneOf": results},
    }


@cache
def _listed(document: OpenApiDocument, names: tuple[str, ...]) -> tuple[dict[str, Any], ...]:
    return tuple(describe(REGISTRY[name], document) for name in names)


def action_types(document: OpenApiDocument) -> list[dict[str, Any]]:
    """Every registered type, in registry order (cached per document and set of types)."""
    return list(_listed(document, tuple(REGISTRY)))


@endpoint("listActionTypes")
async def list_action_types(call: Call) -> Reply:
    return Reply(
        {
            "data": action_types(call.services.document),
            "hasMore": False,
            "nextCursor": None,
            "meta": call.meta(),
        }
    )
