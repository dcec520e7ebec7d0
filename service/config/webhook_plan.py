"""The webhook endpoints a file lists, against those the workspace has.

An entry is matched by `id`, else (a transactions endpoint, one per mode) by its mode and
kind, else by mode, kind and URL. A new or changed URL passes the SSRF guard here, so a file
with an unsafe URL is refused before anything changes; the use cases check it again."""

from __future__ import annotations

from typing import Any

from attrs import evolve

from service.config.changes import ADD, CHANGE, REMOVE, Change, Tools
from service.config.document import Document, Problem
from service.config.state import Current, webhook_entry
from service.domain.principal import Principal
from service.ports import Store
from service.webhooks import usecases as hooks
from service.webhooks.endpoints import update_endpoint
from service.webhooks.models import WebhookEndpoint
from service.webhooks.ssrf import UnsafeDestination, check_destination


async def webhook_changes(
    document: Document, state: Current, tools: Tools, problems: list[Problem], prune: bool
) -> list[Change]:
    entries = document.data.get("webhooks")
    if not isinstance(entries, list):
        return []
    by_id = {e.id: e for e in state.endpoints}
    unmatched = dict(by_id)
    changes: list[Change] = []
    transactions: set[str] = set()
    for i, entry in enumerate(entries):
        if not document.sound(("webhooks", i)):
            continue
        wanted = _wanted(entry)
        if wanted["kind"] == "transactions":
            if wanted["mode"] in transactions:
                problems.append(
                    document.problem(("webhooks", i), "A mode has one transactions endpoint.")
                )
                continue
            transactions.add(wanted["mode"])
            if wanted["events"] is not None:
                problems.append(
                    document.problem(
                        ("webhooks", i, "events"), "A transactions endpoint has no event types."
                    )
                )
                continue
        found = _match(entry, wanted, unmatched)
        if entry.get("id") and found is None:
            problems.append(
                document.problem(
                    ("webhooks", i, "id"), f"No webhook endpoint `{entry['id']}` here."
                )
            )
            continue
        if found is not None and (found.kind, found.mode) != (wanted["kind"], wanted["mode"]):
            problems.append(
                document.problem(
                    ("webhooks", i), "An endpoint's kind and mode stay: remove it and add another."
                )
            )
            continue
        if found is None or found.url != wanted["url"]:
            problem = await _unsafe(wanted["url"], tools)
            if problem:
                problems.append(document.problem(("webhooks", i, "url"), problem))
                continue
        if found is None:
            changes.append(Change(ADD, f"webhook {wanted['url']}", None, wanted, _add(wanted)))
            continue
        unmatched.pop(found.id)
        before = webhook_entry(found)
        after = {**wanted, "id": found.id}
        if found.kind == "transactions":
            after["events"] = before["events"]
        if after != before:
            what = f"webhook {found.id}"
            changes.append(Change(CHANGE, what, before, after, _update(found, before, after)))
    if prune:
        for endpoint in unmatched.values():
            changes.append(
                Change(
                    REMOVE,
                    f"webhook {endpoint.id}",
                    webhook_entry(endpoint),
                    None,
                    _remove(endpoint),
                )
            )
    return changes


def _wanted(entry: dict[str, Any]) -> dict[str, Any]:
    return {
        "url": str(entry["url"]).strip(),
        "kind": entry.get("kind", "events"),
        "mode": entry.get("mode", "live"),
        "events": entry.get("events"),
        "enabled": entry.get("enabled", True),
    }


def _match(
    entry: dict[str, Any], wanted: dict[str, Any], unmatched: dict[str, WebhookEndpoint]
) -> WebhookEndpoint | None:
    if entry.get("id"):
        return unmatched.get(str(entry["id"]))
    for endpoint in unmatched.values():
        same = (endpoint.kind, endpoint.mode) == (wanted["kind"], wanted["mode"])
        if same and (endpoint.kind == "transactions" or endpoint.url == wanted["url"]):
            return endpoint
    return None


async def _unsafe(url: str, tools: Tools) -> str | None:
    try:
        await check_destination(url, allow_loopback=tools.allow_loopback)
    except UnsafeDestination as exc:
        return f"This URL cannot receive webhooks: {exc.reason}."
    return None


def _as(principal: Principal, mode: str) -> Principal:
    """Endpoints belong to a mode: the use cases make and find those of the principal's."""
    return evolve(principal, mode=mode)


def _add(wanted: dict[str, Any]) -> Any:
    async def step(store: Store, principal: Principal, tools: Tools) -> str:
        who = _as(principal, wanted["mode"])
        if wanted["kind"] == "transactions":
            made = await hooks.set_transaction_endpoint(
                store,
                tools.clock,
                who,
                wanted["url"],
                box=tools.box,
                allow_loopback=tools.allow_loopback,
            )
        else:
            made = await hooks.add_event_endpoint(
                store,
                tools.clock,
                who,
                wanted["url"],
                wanted["events"],
                box=tools.box,
                allow_loopback=tools.allow_loopback,
            )
        if not wanted["enabled"]:
            await update_endpoint(store, tools.clock, who, made.id, enabled=False)
        secret = hooks.current_secret(made, tools.box)
        return f"{made.id}, signing secret (shown once): {secret}"

    return step


def _update(found: WebhookEndpoint, before: dict[str, Any], after: dict[str, Any]) -> Any:
    async def step(store: Store, principal: Principal, tools: Tools) -> None:
        changed: dict[str, Any] = {}
        if after["url"] != before["url"]:
            changed["url"] = after["url"]
        if after["events"] != before["events"]:
            changed["event_types"] = after["events"]
        if after["enabled"] != before["enabled"]:
            changed["enabled"] = after["enabled"]
        await update_endpoint(
            store,
            tools.clock,
            _as(principal, found.mode),
            found.id,
            allow_loopback=tools.allow_loopback,
            **changed,
        )

    return step


def _remove(endpoint: WebhookEndpoint) -> Any:
    async def step(store: Store, principal: Principal, tools: Tools) -> None:
        await hooks.remove_endpoint(store, tools.clock, _as(principal, endpoint.mode), endpoint.id)

    return step
