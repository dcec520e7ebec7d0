"""The arguments of `countersign export | apply | policy | webhooks | members` (their commands
are in config.py)."""

from __future__ import annotations

from typing import Any

from service.cli import config

ROLES = ["owner", "admin", "member"]


def add_commands(sub: Any) -> list[Any]:
    """export, apply, policy, webhooks, members: the settings, through the use cases."""
    export = sub.add_parser("export", help="write the workspace's settings as YAML to stdout")
    export.set_defaults(run=config.cmd_export)
    apply = sub.add_parser(
        "apply", help="plan and apply a settings file (countersign.yaml) in one transaction"
    )
    apply.add_argument("file", metavar="FILE")
    apply.add_argument("--yes", action="store_true", help="apply without asking")
    apply.add_argument("--dry-run", action="store_true", help="print the plan, change nothing")
    apply.add_argument(
        "--prune", action="store_true", help="also remove what the file does not list"
    )
    apply.set_defaults(run=config.cmd_apply)
    for one in (export, apply):
        one.add_argument(
            "--workspace", help="the workspace's id (needed only when there are several)"
        )

    policy = sub.add_parser(
        "policy", help="read or set an account's or the workspace's approval policy"
    ).add_subparsers(dest="policy", required=True)
    get = policy.add_parser("get", help="the rules and limits (of ACCOUNT, else the default)")
    get.add_argument("account", nargs="?")
    get.set_defaults(run=config.cmd_policy_get)
    put = policy.add_parser("set", help="replace the rules (and limits) of ACCOUNT or the default")
    put.add_argument("account", nargs="?")
    put.add_argument("--rules", help="the rules, as JSON or YAML (a list)")
    put.add_argument("--limits", help="the daily limits, as JSON or YAML (left out: kept)")
    put.add_argument(
        "--follow-default", action="store_true", help="the account follows the default again"
    )
    put.set_defaults(run=config.cmd_policy_set)

    hooks = sub.add_parser("webhooks", help="webhook endpoints").add_subparsers(
        dest="webhooks", required=True
    )
    listing = hooks.add_parser("list", help="endpoints of both modes (never their secrets)")
    listing.set_defaults(run=config.cmd_webhooks_list)
    add = hooks.add_parser("add", help="add an endpoint (its secret shown once)")
    add.add_argument("url")
    add.add_argument("--events", help="comma-separated event types (default: all)")
    add.add_argument("--kind", choices=["events", "transactions"], default="events")
    add.set_defaults(run=config.cmd_webhooks_add)
    update = hooks.add_parser("update", help="change an endpoint's URL, events or state")
    update.add_argument("endpoint_id")
    update.add_argument("--url")
    update.add_argument("--events", help="comma-separated event types, or `all`")
    update.add_argument("--enabled", choices=["on", "off"])
    update.set_defaults(run=config.cmd_webhooks_update)
    for name, run, about in (
        ("remove", config.cmd_webhooks_remove, "stop sending to an endpoint"),
        ("roll", config.cmd_webhooks_roll, "a new signing secret (the old signs 24 hours more)"),
        ("test", config.cmd_webhooks_test, "send a test event now"),
    ):
        one = hooks.add_parser(name, help=about)
        one.add_argument("endpoint_id")
        one.set_defaults(run=run)
    for choice in hooks.choices.values():
        if choice is not listing:
            choice.add_argument("--mode", choices=["live", "test"], default="live")

    members = sub.add_parser("members", help="members and invitations").add_subparsers(
        dest="members", required=True
    )
    members.add_parser("list", help="members with their role, and who is invited").set_defaults(
        run=config.cmd_members_list
    )
    invite = members.add_parser("invite", help="invite someone (the link is shown once)")
    invite.add_argument("email")
    invite.add_argument("--role", choices=ROLES, default="member")
    invite.set_defaults(run=config.cmd_members_invite)
    role = members.add_parser("role", help="change a member's role")
    role.add_argument("email")
    role.add_argument("role", choices=ROLES)
    role.set_defaults(run=config.cmd_members_role)
    remove = members.add_parser("remove", help="remove a member (their sessions end)")
    remove.add_argument("email")
    remove.set_defaults(run=config.cmd_members_remove)
    return [policy, hooks, members]
