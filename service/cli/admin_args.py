"""The arguments of `countersign users | keys | accounts` (their commands are in admin.py)."""

from __future__ import annotations

from typing import Any

from service.cli import admin

PASSWORD_HELP = "at least 10 characters; left out, it is asked for (no echo) or read from stdin"
"""A password on the command line stays in the shell's history: it may be left out."""


def add_commands(sub: Any) -> tuple[Any, Any, Any]:
    """users, keys, accounts: their sub-commands' parsers, to which console.py adds
    `--workspace`."""
    users = sub.add_parser(
        "users", help="add people who sign in to the dashboard, set a forgotten password"
    ).add_subparsers(dest="users", required=True)
    create_user = users.add_parser("create", help="add a workspace member")
    create_user.add_argument("email", help="the address they sign in with")
    create_user.add_argument("--password", help=PASSWORD_HELP)
    create_user.add_argument(
        "--name", help="as the dashboard shows it (default: the address before the @)"
    )
    create_user.add_argument(
        "--role", choices=["owner", "admin", "member"], default="member", help="(default: member)"
    )
    create_user.add_argument(
        "--accounts",
        help="a member's accounts, comma-separated ids: they see only these (default: all)",
    )
    create_user.set_defaults(run=admin.cmd_users_create)
    assign = users.add_parser(
        "assign", help="the accounts a member sees and decides (takes effect on their next click)"
    )
    assign.add_argument("email", help="the address they sign in with")
    chosen = assign.add_mutually_exclusive_group(required=True)
    chosen.add_argument("--accounts", help="comma-separated account ids")
    chosen.add_argument("--all", action="store_true", help="every account of the workspace")
    assign.set_defaults(run=admin.cmd_users_assign)
    users.add_parser(
        "list", help="who signs in to the workspace, with their role, and who is invited"
    ).set_defaults(run=admin.cmd_users_list)
    new_password = users.add_parser(
        "password", help="set a member's new password (a forgotten one); their sessions end"
    )
    new_password.add_argument("email", help="the address they sign in with")
    new_password.add_argument("--password", help=PASSWORD_HELP)
    new_password.set_defaults(run=admin.cmd_users_password)

    keys = sub.add_parser("keys", help="create, list, revoke and roll API keys").add_subparsers(
        dest="keys", required=True
    )
    create_key = keys.add_parser("create", help="create an API key (shown once)")
    create_key.add_argument("--name", required=True, help="what the key is for, as lists show it")
    create_key.add_argument(
        "--scopes",
        default="read,write",
        help="comma-separated: read, write, admin (admin: owners only; default: read,write)",
    )
    create_key.add_argument(
        "--mode",
        choices=["live", "test"],
        default=None,
        help="test (the default: sandbox data only) or live",
    )
    create_key.add_argument("--accounts", help="comma-separated account ids (default: all)")
    create_key.add_argument(
        "--expires-in-days", type=admin.positive_days, help="whole days from now (default: never)"
    )
    create_key.set_defaults(run=admin.cmd_keys_create)
    keys.add_parser("list", help="the workspace's keys (never their secrets)").set_defaults(
        run=admin.cmd_keys_list
    )
    for name, run, about in (
        ("revoke", admin.cmd_keys_revoke, "stop a key at once"),
        ("roll", admin.cmd_keys_roll, "a new secret with the same settings; the old one stops"),
    ):
        one = keys.add_parser(name, help=about)
        one.add_argument("key_id")
        one.set_defaults(run=run)

    accounts = sub.add_parser(
        "accounts", help="list linked accounts and switch their writes"
    ).add_subparsers(dest="accounts", required=True)
    accounts.add_parser("list", help="linked accounts with their status and writes").set_defaults(
        run=admin.cmd_accounts_list
    )
    writes = accounts.add_parser(
        "writes",
        help="switch writes on or off for an account, or with --all for every account (audited)",
    )
    writes.add_argument("account", nargs="?")
    writes.add_argument("state", choices=["on", "off"])
    writes.add_argument("--all", action="store_true", help="every account of the workspace")
    writes.set_defaults(run=admin.cmd_accounts_writes)
    return users, keys, accounts
