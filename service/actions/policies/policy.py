"""Approval policies: how many different people must approve an action, and which roles.

A policy is a list of rules `{types, approvals: 0|1|2, approvers: "members"|"admins",
minPriceCents?, minRecipients?, maxPerDay?, escalateAfterMinutes?}`. An action needs the highest `approvals` of the
rules it matches and the strictest `approvers`; with no rule matching, one approval by any member.

`approvals: 0` is an allowance: up to `maxPerDay` matching actions per account in any 24 hours
are approved by the policy itself when they are created (service/actions/policies/allowances.py counts
them); beyond it an action needs one person. An allowance applies only when every rule the
action matches says 0: any rule asking for a person wins.

A rule with `approvals: 0` may say `shadow: true`: it approves nothing (matching actions wait
for a person exactly as without it) and each matching action records what it would have done
(service/actions/policies/shadow.py). A live allowance may be `paused` (by a person, or by the service
when what it approved starts failing: service/actions/policies/pausing.py): it stays in the policy and
asks for one person meanwhile, as one used up does.

The requirement is computed once, when the action is created, and stored on it: a policy
changed later never changes the rules of an action already waiting (a half-approved action
keeps the quorum it was asked under, and its requester knows what it needs). Pure: the use
cases hand in the rules and the action's facts.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any

from attrs import frozen

from service.actions.types import names
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode

MEMBERS, ADMINS = "members", "admins"
# "admins" means the roles holding Permission.ACTIONS_DECIDE_RESTRICTED in the role table
# (owners and admins, and the CLI): the use case checks it with the other permissions.


MAX_PER_DAY = 10_000
"""The largest allowance a rule may grant per account per 24 hours."""
ESCALATE_MAX = 1_440
"""`escalateAfterMinutes` runs from 1 to a day (an action lives 24 hours unless scheduled)."""


@frozen
class Allowance:
    """An `approvals: 0` rule an action matched: how many it approves per account a day."""

    key: str
    """Counts this rule's use: the same for the same types and thresholds, so changing only
    `maxPerDay` keeps what was used today."""
    per_day: int
    name: str
    """The rule in words, named in `decidedBy` of what it approves."""


@frozen
class Requirement:
    approvals: int = 1
    approvers: str = MEMBERS
    allowance: Allowance | None = None
    """Set when `approvals` is 0: the allowance that may approve the action."""
    escalate_after: int | None = None
    """Minutes a still-pending action waits before it is escalated (the soonest of the
    matched rules that say `escalateAfterMinutes`); None: never."""
    shadow: Allowance | None = None
    """A shadow allowance the action matched (the smallest, when several did)."""
    shadow_would: bool = False
    """Whether it would approve the action were it live, before counting its day's uses:
    False when another rule the action matches asks for a person."""


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
    live = [_in_force(r) for r in matched if not r.get("shadow")]
    shadows = [r for r in matched if r.get("shadow")]
    needs = _needs(live)
    if not shadows:
        return needs
    shadow = min(shadows, key=lambda r: int(r["maxPerDay"]))
    as_if_live = _needs([*live, {**shadow, "shadow": False}])
    return Requirement(
        needs.approvals,
        needs.approvers,
        needs.allowance,
        shadow=allowance_of(shadow),
        shadow_would=as_if_live.allowance is not None,
    )


def _in_force(rule: Mapping[str, Any]) -> Mapping[str, Any]:
    """A paused allowance asks for one person (of its `approvers`) until it is resumed."""
    if rule.get("paused") and rule.get("approvals") == 0:
        return {**rule, "approvals": 1}
    return rule


def _needs(matched: Sequence[Mapping[str, Any]]) -> Requirement:
    if not matched:
        return ANYONE_ONCE
    approvals = max(int(r.get("approvals", 1)) for r in matched)
    approvers = ADMINS if any(r.get("approvers") == ADMINS for r in matched) else MEMBERS
    escalate = [int(r["escalateAfterMinutes"]) for r in matched if r.get("escalateAfterMinutes")]
    if approvals == 0:  # every matched rule is an allowance: the smallest one decides
        smallest = min(matched, key=lambda r: int(r["maxPerDay"]))
        return Requirement(0, approvers, allowance_of(smallest), min(escalate, default=None))
    return Requirement(approvals, approvers, None, min(escalate, default=None))


def allowance_of(rule: Mapping[str, Any]) -> Allowance:
    types = sorted(rule.get("types", ()))
    scope = {
        "types": types,
        "minPriceCents": rule.get("minPriceCents"),
        "minRecipients": rule.get("minRecipients"),
    }
    digest = hashlib.sha256(json.dumps(scope, sort_keys=True).encode()).hexdigest()[:16]
    where = []
    if rule.get("minPriceCents") is not None:
        where.append(f"from ${rule['minPriceCents'] / 100:,.2f}")
    if rule.get("minRecipients") is not None:
        where.append(f"from {rule['minRecipients']} recipients")
    what = " ".join([", ".join(types), *where])
    per_day = int(rule["maxPerDay"])
    return Allowance(key=digest, per_day=per_day, name=f"Allowance: {what}, up to {per_day} a day")


def _bad(i: int, key: str, message: str) -> ApiError:
    return ApiError(ErrorCode.INVALID_PARAMETER, message, param=f"rules[{i}].{key}")


def _check(i: int, rule: Mapping[str, Any]) -> None:
    """The edge validates REST bodies against openapi.yaml; the dashboard's form is checked
    here, so every channel stores only rules the API would accept."""
    types = rule.get("types")
    if not isinstance(types, list) or not types or not all(t in names() for t in types):
        raise _bad(i, "types", f"Choose one or more action types: {', '.join(names())}.")
    approvals = rule.get("approvals", 1)
    if approvals not in (0, 1, 2) or isinstance(approvals, bool):
        raise _bad(i, "approvals", "A rule asks for 0 (an allowance), 1 or 2 approvals.")
    per_day = rule.get("maxPerDay")
    if approvals == 0 and per_day is None:
        raise _bad(
            i,
            "maxPerDay",
            "A rule with `approvals: 0` must say `maxPerDay`, how many actions it approves "
            "per account in any 24 hours (1 to 10000).",
        )
    if per_day is not None and approvals != 0:
        raise _bad(i, "maxPerDay", "`maxPerDay` belongs only to a rule with `approvals: 0`.")
    if per_day is not None and (
        not isinstance(per_day, int) or isinstance(per_day, bool) or not 1 <= per_day <= MAX_PER_DAY
    ):
        raise _bad(i, "maxPerDay", f"`maxPerDay` is a whole number from 1 to {MAX_PER_DAY}.")
    _check_autonomy(i, rule, approvals)
    if rule.get("approvers", MEMBERS) not in (MEMBERS, ADMINS):
        raise _bad(i, "approvers", "Approvers are `members` or `admins`.")
    escalate = rule.get("escalateAfterMinutes")
    if escalate is not None and (
        not isinstance(escalate, int)
        or isinstance(escalate, bool)
        or not 1 <= escalate <= ESCALATE_MAX
    ):
        raise _bad(
            i,
            "escalateAfterMinutes",
            f"`escalateAfterMinutes` is a whole number of minutes from 1 to {ESCALATE_MAX:,}.",
        )
    for key in ("minPriceCents", "minRecipients"):
        value = rule.get(key)
        if value is not None and (not isinstance(value, int) or value < 0):
            raise _bad(i, key, f"`{key}` is a whole number, 0 or more.")


def _check_autonomy(i: int, rule: Mapping[str, Any], approvals: Any) -> None:
    shadow, paused = rule.get("shadow", False), rule.get("paused")
    if not isinstance(shadow, bool):
        raise _bad(i, "shadow", "`shadow` is true or false.")
    if shadow and approvals != 0:
        raise _bad(i, "shadow", "`shadow` belongs only to a rule with `approvals: 0`.")
    if paused is None:
        return
    if approvals != 0 or shadow:
        raise _bad(i, "paused", "Only a live allowance (`approvals: 0`) can be paused.")
    if not isinstance(paused, dict) or not all(
        isinstance(paused.get(k), str) for k in ("at", "reason")
    ):
        raise _bad(i, "paused", "`paused` is `{at, reason}`; leave it out to resume the rule.")


def normalised(rules: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The rules as stored and shown: every key present, types de-duplicated in order."""
    for i, rule in enumerate(rules):
        _check(i, rule)
    return [_stored(rule) for rule in rules]


def _stored(rule: Mapping[str, Any]) -> dict[str, Any]:
    stored = {
        "types": list(dict.fromkeys(rule["types"])),
        "approvals": int(rule.get("approvals", 1)),
        "approvers": rule.get("approvers", MEMBERS),
        "minPriceCents": rule.get("minPriceCents"),
        "minRecipients": rule.get("minRecipients"),
    }
    if stored["approvals"] == 0:
        stored["maxPerDay"] = int(rule["maxPerDay"])
    if rule.get("escalateAfterMinutes") is not None:  # additive: absent unless set
        stored["escalateAfterMinutes"] = int(rule["escalateAfterMinutes"])
    # Only when set, so rules stored before shadows and pauses read back as they were.
    if rule.get("shadow"):
        stored["shadow"] = True
    if rule.get("paused") is not None:
        stored["paused"] = {"at": rule["paused"]["at"], "reason": rule["paused"]["reason"]}
    elif isinstance(rule.get("resumedAt"), str) and stored["approvals"] == 0:
        stored["resumedAt"] = rule["resumedAt"]
    return stored


def mark_resumed(
    before: Sequence[Mapping[str, Any]] | None, rules: list[dict[str, Any]], now: str
) -> list[dict[str, Any]]:
    """`rules` with `resumedAt: now` on each live allowance that was paused in `before`: its
    record of failures starts again from there (service/actions/policies/pausing.py)."""
    was_paused = {
        allowance_of(r).key for r in before or () if r.get("approvals") == 0 and r.get("paused")
    }
    return [
        {**r, "resumedAt": now}
        if r["approvals"] == 0
        and not r.get("shadow")
        and not r.get("paused")
        and allowance_of(r).key in was_paused
        else r
        for r in rules
    ]
