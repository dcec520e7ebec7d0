"""Approval policies: how many different people must approve an action, and which roles.

A policy is a list of rules `{types, approvals: 1|2, approvers: "members"|"admins",
minPriceCents?, minRecipients?}`. An action needs the highest `approvals` of the rules it
matches and the strictest `approvers`; with no rule matching, one approval by any member.

The requirement is computed once, when the action is created, and stored on it: a policy
changed later never changes the rules of an action already waiting (a half-approved action
keeps the quorum it was asked under, and its requester knows what it needs). Pure: the use
cases hand in the rules and the action's facts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from attrs import frozen

from service.actions.types import names
from service.error_codes import ErrorCode
from service.errors import ApiError

MEMBERS, ADMINS = "members", "admins"
# "admins" means the roles holding Permission.ACTIONS_DECIDE_RESTRICTED in the role table
# (owners and admins, and the CLI): the use case checks it with the other permissions.


@frozen
class Requirement:
    approvals: int = 1
    approvers: str = MEMBERS


ANYONE_ONCE = Requirement()
"""No rule matches: one approval by any member, as before policies existed."""


def matches(rule: Mapping[str, Any], type_: str, price_cents: int, recipients: int | None) -> bool:
    if type_ not in rule.get("types", ()):
        return False
    min_price = rule.get("minPriceCents")
    if min_price is not None and price_cents < min_price:
        return False
    min_recipients = rule.get("minRecipients")
    # An action with no estimate (unsend, list changes) never meets a recipients threshold.
    return min_recipients is None or (recipients is not None and recipients >= min_recipients)


def requirement(
    rules: Sequence[Mapping[str, Any]] | None,
    type_: str,
    price_cents: int,
    recipients: int | None,
) -> Requirement:
    matched = [r for r in rules or () if matches(r, type_, price_cents, recipients)]
    if not matched:
        return ANYONE_ONCE
    return Requirement(
        approvals=max(int(r.get("approvals", 1)) for r in matched),
        approvers=ADMINS if any(r.get("approvers") == ADMINS for r in matched) else MEMBERS,
    )


def _bad(i: int, key: str, message: str) -> ApiError:
    return ApiError(ErrorCode.INVALID_PARAMETER, message, param=f"rules[{i}].{key}")


def _check(i: int, rule: Mapping[str, Any]) -> None:
    """The edge validates REST bodies against openapi.yaml; the dashboard's form is checked
    here, so every channel stores only rules the API would accept."""
    types = rule.get("types")
    if not isinstance(types, list) or not types or not all(t in names() for t in types):
        raise _bad(i, "types", f"Choose one or more action types: {', '.join(names())}.")
    if rule.get("approvals", 1) not in (1, 2):
        raise _bad(i, "approvals", "A rule asks for 1 or 2 approvals.")
    if rule.get("approvers", MEMBERS) not in (MEMBERS, ADMINS):
        raise _bad(i, "approvers", "Approvers are `members` or `admins`.")
    for key in ("minPriceCents", "minRecipients"):
        value = rule.get(key)
        if value is not None and (not isinstance(value, int) or value < 0):
            raise _bad(i, key, f"`{key}` is a whole number, 0 or more.")


def normalised(rules: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The rules as stored and shown: every key present, types de-duplicated in order."""
    for i, rule in enumerate(rules):
        _check(i, rule)
    return [
        {
            "types": list(dict.fromkeys(rule["types"])),
            "approvals": int(rule.get("approvals", 1)),
            "approvers": rule.get("approvers", MEMBERS),
            "minPriceCents": rule.get("minPriceCents"),
            "minRecipients": rule.get("minRecipients"),
        }
        for rule in rules
    ]
