"""The workspace's settings now, in the file's shape: what `export` writes and `plan` compares.

Only settings: no secrets (a webhook endpoint's signing secrets and a chat's bot token stay
in the service), no counters (a limit's use today)."""

from __future__ import annotations

from typing import Any

import yaml
from attrs import field, frozen

from service.actions.policies.limits import limits_json, stored_limits
from service.actions.policies.policy_rule import stored_json, stored_rules
from service.chat.models import ChatConnection
from service.ports import Store
from service.webhooks.endpoints import endpoint_setting
from service.webhooks.models import WebhookEndpoint
from service.workspaces.model import Invite, Member

PAGE = 500


@frozen
class Current:
    workspace: dict[str, Any]
    accounts: dict[str, dict[str, Any]]
    """Accounts with a policy of their own, by id."""
    usernames: dict[str, str]
    """Every account's creator username, by id (the file names accounts by id)."""
    endpoints: list[WebhookEndpoint]
    members: list[Member]
    invites: list[Invite]
    chats: list[ChatConnection] = field(factory=list)

    def as_file(self) -> dict[str, Any]:
        return {
            "version": 1,
            "workspace": {"policy": self.workspace},
            "accounts": self.accounts,
            "webhooks": [webhook_entry(e) for e in self.endpoints],
            "members": [member_entry(m) for m in self.members],
            "chat": [chat_entry(c) for c in self.chats],
        }


def member_entry(member: Member) -> dict[str, Any]:
    """A member's role, and for a `member` the accounts they see (owners and admins see all)."""
    entry: dict[str, Any] = {"email": member.email, "role": member.role}
    if member.role == "member":
        entry["accounts"] = "all" if member.account_ids is None else list(member.account_ids)
    return entry


def chat_entry(connection: ChatConnection) -> dict[str, Any]:
    return {
        "provider": connection.provider,
        "channel": connection.channel,
        "accounts": dict(sorted(connection.account_channels.items())),
    }


def webhook_entry(endpoint: WebhookEndpoint) -> dict[str, Any]:
    setting = endpoint_setting(endpoint)
    return {
        "id": endpoint.id,
        "url": setting["url"],
        "kind": setting["kind"],
        "mode": setting["mode"],
        "events": setting["eventTypes"],
        "enabled": setting["enabled"],
    }


async def current(store: Store, workspace_id: str, now: Any) -> Current:
    async with store.reading() as uow:
        workspace = await uow.workspaces.get(workspace_id)
        default_limits = await uow.accounts.limits(workspace_id, "")
        accounts, after = [], None
        while True:
            page = list(await uow.accounts.list(workspace_id, after=after, limit=PAGE))
            accounts += page
            if len(page) < PAGE:
                break
            after = page[-1].id
        own: dict[str, dict[str, Any]] = {}
        for account in accounts:
            if account.policy is not None:
                limits = stored_limits(await uow.accounts.limits(workspace_id, account.id))
                own[account.id] = {"rules": _shown(account.policy), "limits": limits_json(limits)}
        endpoints = [*await uow.webhooks.list(workspace_id, mode="live")]
        endpoints += await uow.webhooks.list(workspace_id, mode="test")
        members = list(await uow.members.list(workspace_id))
        invites = list(await uow.invites.pending(workspace_id, now))
        chats = list(await uow.chat_connections.of_workspace(workspace_id))
    rules = _shown(workspace.policy if workspace is not None else None) or []
    return Current(
        workspace={"rules": rules, "limits": limits_json(stored_limits(default_limits))},
        accounts=own,
        usernames={a.id: a.username for a in accounts},
        endpoints=sorted(endpoints, key=lambda e: (e.mode, e.kind != "transactions", e.id)),
        members=sorted(members, key=lambda m: (m.email.casefold(), m.user_id)),
        invites=invites,
        chats=sorted(chats, key=lambda c: c.provider),
    )


def _shown(stored: list[dict[str, Any]] | None) -> list[dict[str, Any]] | None:
    """Rules as the API shows them: the file says what `GET .../policy` says."""
    return stored_json(stored_rules(stored))


HEADER = """\
# countersign.yaml: this workspace's settings (`countersign export`).
# Change it, then `countersign apply countersign.yaml --dry-run` to see the plan.
# Schema: docs/config-schema.json. Webhook secrets are never written here.
"""


def render(state: Current) -> str:
    """The file as text: YAML with each account's creator username as a comment."""
    document = state.as_file()
    parts = [HEADER, "version: 1\n\n", _dump({"workspace": document["workspace"]})]
    if state.accounts:
        parts.append("\n# Accounts with a policy of their own (the others follow the default).\n")
        parts.append("accounts:\n")
        for account_id, policy in sorted(state.accounts.items()):
            username = state.usernames.get(account_id, "")
            parts.append(
                f'  "{account_id}":  # {username}\n' if username else f'  "{account_id}":\n'
            )
            parts.append(_dump(policy, indent=4))
    else:
        parts.append("\naccounts: {}\n")
    parts.append("\n" + _dump({"webhooks": document["webhooks"]}))
    parts.append("\n" + _dump({"members": document["members"]}))
    parts.append(
        "\n# Where approval requests are posted (connect a chat with its bot token first).\n"
    )
    parts.append(_dump({"chat": document["chat"]}))
    return "".join(parts)


class _Dumper(yaml.SafeDumper):  # type: ignore[misc]
    """Block style, with a list of plain values on one line (`types: [send_message]`)."""

    def ignore_aliases(self, data: Any) -> bool:
        return True

    def represent_list(self, data: list[Any]) -> Any:
        flow = bool(data) and all(not isinstance(v, dict | list) for v in data)
        return self.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)


_Dumper.add_representer(list, _Dumper.represent_list)


def _dump(value: Any, indent: int = 0) -> str:
    text = yaml.dump(value, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)
    pad = " " * indent
    return "".join(pad + line if line.strip() else line for line in text.splitlines(True))
