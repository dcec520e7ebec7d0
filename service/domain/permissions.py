"""What each kind of caller may do: one enum of permissions and one table of who holds them.

Use cases check their own permission (service/domain/access.py::require), so the dashboard,
the CLI, REST and MCP cannot disagree; the dashboard reads the same table to hide what a role
cannot use and to name who can.
"""

from __future__ import annotations

from enum import StrEnum


class Permission(StrEnum):
    ACTIONS_DECIDE = "actions.decide"
    LINKS_CREATE = "links.create"
    ACCOUNTS_WRITES = "accounts.writes"
    KEYS_MANAGE = "keys.manage"
    MEMBERS_MANAGE = "members.manage"
    WEBHOOKS_MANAGE = "webhooks.manage"
    POLICIES_MANAGE = "policies.manage"
    ACTIONS_DECIDE_RESTRICTED = "actions.decide_restricted"
    """Decide an action whose approval policy says `approvers: admins`."""


EVERYTHING = frozenset(Permission)

# Keyed by a person's role in the workspace, or by the caller's kind when it is not a person.
# Every member may decide actions and create links; managing the workspace is for owners and
# admins (the README's dashboard section). An API key creates links (its scopes decide the
# rest); the CLI is an operator with the database's credentials.
ROLE_PERMISSIONS: dict[str, frozenset[Permission]] = {
    "owner": EVERYTHING,
    "admin": EVERYTHING,
    "member": frozenset({Permission.ACTIONS_DECIDE, Permission.LINKS_CREATE}),
    "api_key": frozenset({Permission.LINKS_CREATE}),
    # A key with the `admin` scope (only an owner makes one): the settings, never decisions.
    "admin_key": frozenset(
        {
            Permission.LINKS_CREATE,
            Permission.KEYS_MANAGE,
            Permission.MEMBERS_MANAGE,
            Permission.WEBHOOKS_MANAGE,
            Permission.POLICIES_MANAGE,
        }
    ),
    "cli": EVERYTHING,
}

# How the dashboard words a permission it refuses: "As a member you cannot ...".
PERMISSION_WORDS: dict[Permission, str] = {
    Permission.ACTIONS_DECIDE: "approve or reject actions",
    Permission.LINKS_CREATE: "create hosted links",
    Permission.ACCOUNTS_WRITES: "switch an account's writes on or off",
    Permission.KEYS_MANAGE: "create, roll or revoke API keys",
    Permission.MEMBERS_MANAGE: "invite, change or remove members",
    Permission.WEBHOOKS_MANAGE: "manage webhooks",
    Permission.POLICIES_MANAGE: "change approval policies",
    Permission.ACTIONS_DECIDE_RESTRICTED: "decide actions a policy reserves for admins and owners",
}


OWNER_POWERS = frozenset({"owner", "admin_key", "cli"})
"""Who may make, unmake or remove owners and make admin keys: owners, the keys an owner made
for scripts, and the operator's shell."""


def allowed(role: str | None, permission: Permission) -> bool:
    return permission in ROLE_PERMISSIONS.get(role or "", frozenset())
