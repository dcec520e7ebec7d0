"""From a checked file and the workspace as it is, the changes that make them match.

Each setting's own rules are the feature's (approval rules and limits: service/actions; URLs:
the webhooks' SSRF guard; emails and roles: service/workspaces), asked here for every entry so
that every problem is listed with its line before anything is changed. A rule field the
policy module accepts passes through untouched: the file does not restate the rule shape."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from service.actions.policies import limits as daily
from service.actions.policies.policy_rule import parse_rules, stored_json, stored_rules
from service.actions.policies.usecases import set_account_policy, set_workspace_policy
from service.config.changes import ADD, CHANGE, REMOVE, Change, Tools
from service.config.chat_plan import chat_changes
from service.config.document import Document, Problem
from service.config.state import Current
from service.config.webhook_plan import webhook_changes
from service.domain.principal import Principal
from service.errors.api_error import ApiError
from service.people.assignments import assign
from service.ports import Store
from service.workspaces import members as people
from service.workspaces.model import Member, checked_email

FOLLOWS = "follows the workspace default"


async def plan(
    document: Document, state: Current, tools: Tools, *, prune: bool = False
) -> tuple[list[Change], list[Problem]]:
    problems: list[Problem] = []
    changes = _workspace(document, state, problems)
    changes += _accounts(document, state, problems, prune)
    changes += await webhook_changes(document, state, tools, problems, prune)
    changes += _members(document, state, problems, prune)
    changes += chat_changes(document, state, problems, prune)
    return changes, sorted(set(problems))


def _policy(
    document: Document, path: tuple[str, ...], policy: dict[str, Any], problems: list[Problem]
) -> dict[str, Any] | None:
    """The policy as stored, or None with every problem of it noted."""
    found = len(problems)
    rules, limits = policy.get("rules") or [], policy.get("limits") or []
    for i, rule in enumerate(rules):
        _refusal(document, (*path, "rules", i), _rules_json, [rule], problems)
    for i, limit in enumerate(limits):
        _refusal(document, (*path, "limits", i), _limits_json, [limit], problems)
    if len(problems) > found:
        return None
    stored = _refusal(document, (*path, "rules"), _rules_json, rules, problems)
    if stored is None:
        return None
    return {"rules": stored, "limits": _limits_json(limits)}


def _rules_json(entries: Sequence[Any]) -> list[dict[str, Any]]:
    """The rules as they would be stored, so that a plan compares them with the stored ones."""
    return stored_json(parse_rules(entries)) or []


def _limits_json(entries: Sequence[Any]) -> list[dict[str, Any]]:
    """The daily limits as they would be stored, compared with the stored ones likewise."""
    return daily.limits_json(daily.parse_limits(entries))


def _refusal(
    document: Document,
    path: tuple[str | int, ...],
    check: Callable[[Sequence[Any]], list[dict[str, Any]]],
    entries: Sequence[Any],
    problems: list[Problem],
) -> list[dict[str, Any]] | None:
    """`check(entries)`, or None with its refusal noted at the line of the field it names."""
    try:
        return check(entries)
    except ApiError as error:
        # The param names the field inside the one entry checked: `rules[0].approvals`.
        field = re.sub(r"^\w+\[\d+\]\.?", "", error.param or "")
        problems.append(document.problem((*path, *filter(None, [field])), error.message))
        return None


def _workspace(document: Document, state: Current, problems: list[Problem]) -> list[Change]:
    workspace = document.data.get("workspace")
    policy = workspace.get("policy") if isinstance(workspace, dict) else None
    if not isinstance(policy, dict) or not document.sound(("workspace", "policy")):
        return []
    wanted = _policy(document, ("workspace", "policy"), policy, problems)
    if wanted is None or wanted == state.workspace:
        return []

    async def step(store: Store, principal: Principal, tools: Tools) -> None:
        assert wanted is not None
        rules = stored_rules(wanted["rules"]) or ()
        limits = daily.stored_limits(wanted["limits"])
        await set_workspace_policy(store, tools.clock, principal, rules, limits)

    return [Change(CHANGE, "workspace default policy", state.workspace, wanted, step)]


def _accounts(
    document: Document, state: Current, problems: list[Problem], prune: bool
) -> list[Change]:
    listed = document.data.get("accounts") or {}
    if not isinstance(listed, dict):
        return []
    changes = []
    for account_id, policy in listed.items():
        if not document.sound(("accounts", account_id)):
            continue
        if account_id not in state.usernames:
            problems.append(
                document.problem(
                    ("accounts", account_id), f"No account `{account_id}` is linked here."
                )
            )
            continue
        wanted = _policy(document, ("accounts", account_id), policy, problems)
        before = state.accounts.get(account_id)
        if wanted is not None and wanted != before:
            verb = ADD if before is None else CHANGE
            changes.append(
                Change(
                    verb,
                    _name(state, account_id),
                    before or FOLLOWS,
                    wanted,
                    _set(account_id, wanted),
                )
            )
    if prune:
        for account_id in sorted(set(state.accounts) - set(listed)):
            before = state.accounts[account_id]
            changes.append(
                Change(REMOVE, _name(state, account_id), before, FOLLOWS, _set(account_id, None))
            )
    return changes


def _name(state: Current, account_id: str) -> str:
    return f"policy of account {account_id} ({state.usernames.get(account_id, '?')})"


def _set(account_id: str, wanted: dict[str, Any] | None) -> Any:
    async def step(store: Store, principal: Principal, tools: Tools) -> None:
        rules = None if wanted is None else stored_rules(wanted["rules"])
        limits = None if wanted is None else daily.stored_limits(wanted["limits"])
        await set_account_policy(store, tools.clock, principal, account_id, rules, limits)

    return step


def _members(
    document: Document, state: Current, problems: list[Problem], prune: bool
) -> list[Change]:
    entries = document.data.get("members")
    if not isinstance(entries, list):
        return []
    now = {m.email.casefold(): m for m in state.members}
    invited = {i.email.casefold() for i in state.invites}
    seen: set[str] = set()
    promotions: list[Change] = []
    invites: list[Change] = []
    demotions: list[Change] = []
    removals: list[Change] = []
    assignments: list[Change] = []
    for i, entry in enumerate(entries):
        if not document.sound(("members", i)):
            continue
        try:
            email = checked_email(str(entry["email"]))
        except ApiError as error:
            problems.append(document.problem(("members", i, "email"), error.message))
            continue
        if email.casefold() in seen:
            problems.append(
                document.problem(("members", i, "email"), f"`{email}` is listed twice.")
            )
            continue
        seen.add(email.casefold())
        role, member = entry["role"], now.get(email.casefold())
        what = f"member {email}"
        if member is None and email.casefold() not in invited:
            invites.append(
                Change(ADD, what, None, {"role": role, "invited": True}, _invite(email, role))
            )
        elif member is not None and member.role != role:
            change = Change(
                CHANGE, what, {"role": member.role}, {"role": role}, _role(member.user_id, role)
            )
            (promotions if role == "owner" else demotions).append(change)
        if "accounts" in entry and member is not None:
            assignment = _assignment(document, state, problems, i, member, entry["accounts"])
            assignments += [assignment] if assignment is not None else []
    if prune:
        for key, member in sorted(now.items()):
            if key not in seen:
                removals.append(
                    Change(
                        REMOVE,
                        f"member {member.email}",
                        {"role": member.role},
                        None,
                        _remove(member.user_id),
                    )
                )
    # New owners first, so a file handing ownership over never leaves the workspace without one.
    return promotions + invites + demotions + assignments + removals


def _assignment(
    document: Document,
    state: Current,
    problems: list[Problem],
    i: int,
    member: Member,
    accounts: str | list[str],
) -> Change | None:
    """The accounts a member sees, when the file says other than the store (an invited person
    is assigned once they have joined: the file applied again)."""
    wanted = None if accounts == "all" else sorted(set(accounts))
    unknown = [a for a in wanted or () if a not in state.usernames]
    if unknown:
        path = ("members", i, "accounts", list(accounts).index(unknown[0]))
        problems.append(document.problem(path, f"No account `{unknown[0]}` is linked here."))
        return None
    if wanted == member.account_ids:
        return None

    async def step(store: Store, principal: Principal, tools: Tools) -> None:
        await assign(store, tools.clock, principal, member.user_id, wanted)

    before = "all" if member.account_ids is None else member.account_ids
    after = "all" if wanted is None else wanted
    return Change(
        CHANGE,
        f"accounts of member {member.email}",
        {"accounts": before},
        {"accounts": after},
        step,
    )


def _invite(email: str, role: str) -> Any:
    async def step(store: Store, principal: Principal, tools: Tools) -> str:
        _, token = await people.invite(store, tools.clock, principal, email, role)
        return f"invitation link (shown once): {tools.public_url}/dashboard/invites/{token}"

    return step


def _role(user_id: str, role: str) -> Any:
    async def step(store: Store, principal: Principal, tools: Tools) -> None:
        await people.change_role(store, tools.clock, principal, user_id, role)

    return step


def _remove(user_id: str) -> Any:
    async def step(store: Store, principal: Principal, tools: Tools) -> None:
        await people.remove(store, tools.clock, principal, user_id)

    return step
