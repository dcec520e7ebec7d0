"""Who is calling: an API key, an OAuth client, or a signed-in person in the dashboard."""

from __future__ import annotations

import getpass
from typing import Any, Protocol

from attrs import frozen

PERSON_SCOPES = frozenset({"read", "write", "admin"})
"""A person passes every scope check: what they may do is their role's (domain/permissions.py)."""


class Person(Protocol):
    """What a principal needs of a signed-in user (service/workspaces/model.py's `User`)."""

    @property
    def id(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def email(self) -> str: ...


@frozen
class Principal:
    workspace_id: str
    mode: str
    kind: str
    label: str
    scopes: frozenset[str]
    account_ids: tuple[str, ...] | None = None
    key_id: str | None = None
    user_id: str | None = None
    email: str | None = None
    role: str | None = None
    client: str | None = None
    tool: str | None = None

    @classmethod
    def person(
        cls,
        workspace_id: str,
        user: Person,
        role: str,
        mode: str = "live",
        account_ids: tuple[str, ...] | None = None,
    ) -> Principal:
        """A signed-in member of the workspace (the dashboard, the demo, tests). A `member`
        assigned to some accounts reaches only those (`account_ids`), as a key limited to
        some accounts does: every use case's `allows` check applies to both."""
        return cls(
            workspace_id=workspace_id,
            mode=mode,
            kind="user",
            label=user.name,
            scopes=PERSON_SCOPES,
            user_id=user.id,
            email=user.email,
            role=role,
            account_ids=account_ids,
        )

    @classmethod
    def operator(cls, workspace_id: str) -> Principal:
        """Who the CLI acts as: the shell user, named `CLI (user)` in the audit log."""
        try:
            user = getpass.getuser()
        except (KeyError, OSError):
            user = "unknown"
        return cls(
            workspace_id=workspace_id,
            mode="live",
            kind="cli",
            label=f"CLI ({user})",
            scopes=frozenset(),
        )

    def allows(self, account_id: str) -> bool:
        return self.account_ids is None or account_id in self.account_ids

    def requested_by(self) -> dict[str, Any]:
        return {"kind": self.kind, "label": self.label, "client": self.client, "tool": self.tool}

    def decider(self) -> dict[str, str]:
        return {"name": self.label, "email": self.email or ""}
