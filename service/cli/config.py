"""`countersign export | apply | policy | webhooks | members`: the settings from a shell.

Each command calls the features' use cases directly (never the HTTP API), as the operator
(`Principal.operator`): the same rules, refusals and audit entries as the dashboard and `/v1`.
The arguments are declared in config_args.py."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from service.cli.admin import _run_with_store, _workspace_id, refused_in_one_line

if TYPE_CHECKING:
    from service.config.changes import Change, Tools
    from service.domain.principal import Principal
    from service.ports import Store
    from service.settings import Settings


def _tools(settings: Settings) -> Tools:
    from service.config.changes import Tools
    from service.domain.clock import SystemClock
    from service.kit.crypto import SecretBox
    from service.kit.local_secret import local_secret_key

    secret = settings.secret_key or local_secret_key(settings.database_url)
    return Tools(
        clock=SystemClock(),
        box=SecretBox(secret, [settings.secret_key_previous]),
        public_url=settings.public_url,
        allow_loopback=settings.development,
    )


async def _operator(store: Store, args: argparse.Namespace, mode: str = "live") -> Principal:
    from attrs import evolve

    from service.domain.principal import Principal

    return evolve(Principal.operator(await _workspace_id(store, args.workspace)), mode=mode)


def _structured(text: str, what: str) -> Any:
    """A JSON or YAML value given on the command line (`--rules '[...]'`)."""
    import yaml

    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise SystemExit(f"{what} is not JSON or YAML: {exc}") from None


# --- export and apply ------------------------------------------------------------


def cmd_export(settings: Settings, args: argparse.Namespace) -> None:
    from service.config.state import current, render

    tools = _tools(settings)

    async def work(store: Store) -> None:
        workspace_id = await _workspace_id(store, args.workspace)
        sys.stdout.write(render(await current(store, workspace_id, tools.clock.now())))

    _run_with_store(settings, work)


def cmd_apply(settings: Settings, args: argparse.Namespace) -> None:
    from service.config.changes import ApplyFailed, apply, describe
    from service.config.document import parse
    from service.config.plan import plan
    from service.config.state import current

    try:
        with open(args.file, encoding="utf-8") as file:
            text = file.read()
    except OSError as exc:
        raise SystemExit(f"cannot read {args.file}: {exc.strerror}") from None
    tools = _tools(settings)

    async def work(store: Store) -> None:
        principal = await _operator(store, args)
        document, problems = parse(text)
        changes: list[Change] = []
        if document is not None:  # planned even when its shape is wrong: every problem is told
            state = await current(store, principal.workspace_id, tools.clock.now())
            changes, found = await plan(document, state, tools, prune=args.prune)
            problems = sorted({*problems, *found})
        if problems:
            print(f"{args.file} is not applied: {len(problems)} problem(s).", file=sys.stderr)
            for problem in problems:
                print(f"{args.file}: {problem}", file=sys.stderr)
            raise SystemExit(1)
        print(describe(changes))
        if not changes or args.dry_run:
            return
        if not args.yes and not _confirmed():
            raise SystemExit("Nothing changed.")
        try:
            notes = await apply(store, principal, tools, changes)
        except ApplyFailed as failed:
            raise SystemExit(f"Nothing changed: {failed}") from None
        print(f"\nApplied {len(changes)} change(s).")
        for note in notes:
            print(note)

    _run_with_store(settings, work)


def _confirmed() -> bool:
    if not sys.stdin.isatty():
        raise SystemExit("Nothing changed: pass --yes to apply without being asked.")
    return input("\nApply these changes? Type yes: ").strip().lower() == "yes"


# --- policy ------------------------------------------------------------------------


def cmd_policy_get(settings: Settings, args: argparse.Namespace) -> None:
    from service.actions.policies.limits import limits_json, stored_limits
    from service.actions.policies.policy_rule import stored_json, stored_rules
    from service.actions.policies.usecases import account_policy
    from service.domain.clock import SystemClock

    async def work(store: Store) -> None:
        workspace_id = await _workspace_id(store, args.workspace)
        async with store.reading() as uow:
            if args.account is None:
                workspace = await uow.workspaces.get(workspace_id)
                limits = stored_limits(await uow.accounts.limits(workspace_id, ""))
                rules = stored_json(stored_rules(workspace.policy if workspace else None)) or []
                shown: dict[str, Any] = {"rules": rules, "limits": limits_json(limits)}
            else:
                account = await uow.accounts.get(workspace_id, args.account)
                if account is None:
                    raise SystemExit(f"account_not_found: no account `{args.account}` here")
                shown = await account_policy(uow, account, SystemClock().now())
        print(json.dumps(shown, indent=2))

    _run_with_store(settings, work)


def cmd_policy_set(settings: Settings, args: argparse.Namespace) -> None:
    from service.actions.policies.limits import Limits, parse_limits
    from service.actions.policies.policy_rule import PolicyRule, parse_rules
    from service.actions.policies.usecases import (
        KEEP,
        Keep,
        set_account_policy,
        set_workspace_policy,
    )
    from service.domain.clock import SystemClock

    sent = None if args.follow_default else _structured(args.rules or "[]", "--rules")
    limits = KEEP if args.limits is None else _structured(args.limits, "--limits")
    if args.follow_default and args.account is None:
        raise SystemExit("--follow-default is for an account: name it")
    for value, name in ((sent, "--rules"), (limits, "--limits")):
        if value is not None and value is not KEEP and not isinstance(value, list):
            raise SystemExit(f"{name} is a list")

    async def checked() -> tuple[PolicyRule, ...] | None:
        return None if sent is None else parse_rules(sent)

    async def checked_limits() -> Limits | Keep:
        return KEEP if limits is KEEP else parse_limits(limits or ())

    async def work(store: Store) -> None:
        principal = await _operator(store, args)
        clock = SystemClock()
        rules = await refused_in_one_line(checked())
        caps = await refused_in_one_line(checked_limits())
        if args.account is None:
            await refused_in_one_line(
                set_workspace_policy(store, clock, principal, rules or (), caps)
            )
            print("workspace default policy set")
        else:
            await refused_in_one_line(
                set_account_policy(store, clock, principal, args.account, rules, caps)
            )
            print(f"policy of account {args.account} set")

    _run_with_store(settings, work)


# --- webhooks -----------------------------------------------------------------------


def _endpoint_line(endpoint: Any) -> str:
    events = ",".join(endpoint.event_types or ["all"]) if endpoint.kind == "events" else "-"
    state = "enabled" if endpoint.auto_disabled_at is None else "paused"
    return f"{endpoint.id}  {endpoint.mode}  {endpoint.kind}  {state}  {endpoint.url}  {events}"


def cmd_webhooks_list(settings: Settings, args: argparse.Namespace) -> None:
    from service.webhooks.usecases import list_endpoints

    async def work(store: Store) -> None:
        for mode in ("live", "test"):
            for endpoint in await list_endpoints(store, await _operator(store, args, mode)):
                print(_endpoint_line(endpoint))

    _run_with_store(settings, work)


def _events(text: str | None) -> list[str] | None:
    return [e.strip() for e in text.split(",") if e.strip()] if text else None


def cmd_webhooks_add(settings: Settings, args: argparse.Namespace) -> None:
    from service.webhooks import usecases as hooks

    tools = _tools(settings)

    async def work(store: Store) -> None:
        who = await _operator(store, args, args.mode)
        if args.kind == "transactions":
            made = await refused_in_one_line(
                hooks.set_transaction_endpoint(
                    store,
                    tools.clock,
                    who,
                    args.url,
                    box=tools.box,
                    allow_loopback=tools.allow_loopback,
                )
            )
        else:
            made = await refused_in_one_line(
                hooks.add_event_endpoint(
                    store,
                    tools.clock,
                    who,
                    args.url,
                    _events(args.events),
                    box=tools.box,
                    allow_loopback=tools.allow_loopback,
                )
            )
        print(_endpoint_line(made))
        print(f"signing secret (shown once): {hooks.current_secret(made, tools.box)}")

    _run_with_store(settings, work)


def cmd_webhooks_update(settings: Settings, args: argparse.Namespace) -> None:
    from service.webhooks.endpoints import update_endpoint

    tools = _tools(settings)
    changes: dict[str, Any] = {}
    if args.url:
        changes["url"] = args.url
    if args.events:
        changes["event_types"] = None if args.events == "all" else _events(args.events)
    if args.enabled is not None:
        changes["enabled"] = args.enabled == "on"

    async def work(store: Store) -> None:
        who = await _operator(store, args, args.mode)
        changed = await refused_in_one_line(
            update_endpoint(
                store,
                tools.clock,
                who,
                args.endpoint_id,
                allow_loopback=tools.allow_loopback,
                **changes,
            )
        )
        print(_endpoint_line(changed))

    _run_with_store(settings, work)


def cmd_webhooks_remove(settings: Settings, args: argparse.Namespace) -> None:
    from service.webhooks.usecases import remove_endpoint

    tools = _tools(settings)

    async def work(store: Store) -> None:
        who = await _operator(store, args, args.mode)
        await refused_in_one_line(remove_endpoint(store, tools.clock, who, args.endpoint_id))
        print(f"{args.endpoint_id} removed")

    _run_with_store(settings, work)


def cmd_webhooks_roll(settings: Settings, args: argparse.Namespace) -> None:
    from service.webhooks.usecases import roll_secret

    tools = _tools(settings)

    async def work(store: Store) -> None:
        who = await _operator(store, args, args.mode)
        _, secret = await refused_in_one_line(
            roll_secret(store, tools.clock, who, args.endpoint_id, box=tools.box)
        )
        print(f"new signing secret (shown once; the old one signs for 24 hours more): {secret}")

    _run_with_store(settings, work)


def cmd_webhooks_test(settings: Settings, args: argparse.Namespace) -> None:
    from service.app import build_services, outgoing_http
    from service.webhooks.usecases import send_test

    async def work(store: Store) -> None:
        services = build_services(settings, store=store)
        who = await _operator(store, args, args.mode)
        async with outgoing_http(services):
            delivery = await refused_in_one_line(
                send_test(store, services.clock, who, services.sender(), args.endpoint_id)
            )
        print(
            f"test delivery {delivery.id if delivery else '-'}: "
            f"{delivery.status if delivery else 'endpoint removed'}"
        )

    _run_with_store(settings, work)


# --- members ------------------------------------------------------------------------


def cmd_members_list(settings: Settings, args: argparse.Namespace) -> None:
    from service.domain.clock import SystemClock
    from service.workspaces.members import listing

    async def work(store: Store) -> None:
        workspace_id = await _workspace_id(store, args.workspace)
        members, invites = await listing(store, SystemClock(), workspace_id)
        for member in members:
            print(f"{member.user_id}  {member.role}  {member.email}  {member.name}")
        for invite in invites:
            print(f"{invite.id}  {invite.role}  {invite.email}  (invited)")

    _run_with_store(settings, work)


async def _member_id(store: Store, workspace_id: str, email: str) -> str:
    async with store.reading() as uow:
        members = await uow.members.list(workspace_id)
    for member in members:
        if member.email.casefold() == email.strip().casefold():
            return member.user_id
    raise SystemExit(f"resource_not_found: no member of this workspace signs in as {email}")


def cmd_members_invite(settings: Settings, args: argparse.Namespace) -> None:
    from service.workspaces.members import invite

    tools = _tools(settings)

    async def work(store: Store) -> None:
        who = await _operator(store, args)
        item, token = await refused_in_one_line(
            invite(store, tools.clock, who, args.email, args.role)
        )
        print(f"{item.email} invited as {item.role}; the link (shown once):")
        print(f"{tools.public_url}/dashboard/invites/{token}")

    _run_with_store(settings, work)


def cmd_members_role(settings: Settings, args: argparse.Namespace) -> None:
    from service.workspaces.members import change_role

    tools = _tools(settings)

    async def work(store: Store) -> None:
        who = await _operator(store, args)
        user_id = await _member_id(store, who.workspace_id, args.email)
        await refused_in_one_line(change_role(store, tools.clock, who, user_id, args.role))
        print(f"{args.email} is now {args.role}")

    _run_with_store(settings, work)


def cmd_members_remove(settings: Settings, args: argparse.Namespace) -> None:
    from service.workspaces.members import remove

    tools = _tools(settings)

    async def work(store: Store) -> None:
        who = await _operator(store, args)
        user_id = await _member_id(store, who.workspace_id, args.email)
        await refused_in_one_line(remove(store, tools.clock, who, user_id))
        print(f"{args.email} removed")

    _run_with_store(settings, work)
