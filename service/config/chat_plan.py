"""The file's `chat` section planned: where each connected chat posts, by default and per
account. Connecting a chat needs its bot token, which no settings file holds: a chat the file
names that is not connected is a problem to fix first, and `--prune` drops per-account channels
but never disconnects a chat."""

from __future__ import annotations

from typing import Any

from service.chat.connections import set_channels
from service.chat.usecases import PROVIDER_NAMES
from service.config.changes import CHANGE, Change, Tools
from service.config.document import Document, Problem
from service.config.state import Current, chat_entry
from service.domain.principal import Principal
from service.ports import Store


def chat_changes(
    document: Document, state: Current, problems: list[Problem], prune: bool
) -> list[Change]:
    entries = document.data.get("chat")
    if not isinstance(entries, list):
        return []
    connected = {c.provider: c for c in state.chats}
    seen: set[str] = set()
    changes = []
    for i, entry in enumerate(entries):
        if not document.sound(("chat", i)):
            continue
        provider = entry["provider"]
        if provider in seen:
            problems.append(
                document.problem(("chat", i, "provider"), f"`{provider}` is listed twice.")
            )
            continue
        seen.add(provider)
        connection = connected.get(provider)
        if connection is None:
            problems.append(
                document.problem(
                    ("chat", i, "provider"),
                    f"{PROVIDER_NAMES[provider]} is not connected: connect it on the "
                    "dashboard's Chat page or with `countersign chat connect` first (its bot "
                    "token is never in this file).",
                )
            )
            continue
        listed = {str(k): str(v) for k, v in (entry.get("accounts") or {}).items()}
        unknown = [a for a in listed if a not in state.usernames]
        for account_id in unknown:
            problems.append(
                document.problem(
                    ("chat", i, "accounts", account_id),
                    f"No account `{account_id}` is linked here.",
                )
            )
        if unknown:
            continue
        channels = listed if prune else {**connection.account_channels, **listed}
        before = chat_entry(connection)
        after = {
            "provider": provider,
            "channel": entry["channel"],
            "accounts": dict(sorted(channels.items())),
        }
        if after != before:
            changes.append(
                Change(CHANGE, f"{PROVIDER_NAMES[provider]} channels", before, after, _set(after))
            )
    return changes


def _set(after: dict[str, Any]) -> Any:
    async def step(store: Store, principal: Principal, tools: Tools) -> None:
        await set_channels(
            store, tools.clock, principal, after["provider"], after["channel"], after["accounts"]
        )

    return step
