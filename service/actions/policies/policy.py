"""Approval policies: how many different people must approve an action, and which roles.

A policy is a list of rules (service/actions/policies/policy_rule.py's `PolicyRule`: types, approvals
0, 1 or 2, approvers, thresholds, an allowance's `maxPerDay`, `escalateAfterMinutes`). An action
needs the highest `approvals` of the rules it matches and the strictest `approvers`; with no rule matching, one approval by any member.

`approvals: 0` is an allowance: up to `maxPerDay` matching actions per account in any 24 hours
are approved by the policy itself when they are created (service/actions/policies/allowances.py counts
them); beyond it an action needs one person. An allowance applies only when every rule the
action matches says 0: any rule asking for a person wins.

A rule with `approvals: 0` may say `shadow: true`: it approves nothing (matching actions wait
for a person exactly as without it) and each matching action records what it would have done
(service/actions/policies/governed.py). A live allowance may be `paused` (by a person, or by the service
when what it approved starts failing: service/actions/policies/pausing.py): it stays in the policy and
asks for one person meanwhile, as one used up does.

The requirement is computed once, when the action is created, and stored on it: a policy
changed later never changes the rules of an action already waiting (a half-approved action
keeps the quorum it was asked under, and its requester knows what it needs). Pure: the use
cases hand in the rules and the action's facts.
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import evolve, frozen

from service.actions.policies.policy_rule import ADMINS, MEMBERS, Allowance, PolicyRule


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


def requirement(
    rules: Sequence[PolicyRule] | None,
    type_: str,
    price_cents: int,
    recipients: int | None,
) -> Requirement:
    matched = [r for r in rules or () if r.matches(type_, price_cents, recipients)]
    live = [_in_force(r) for r in matched if not r.shadow]
    shadows = [r for r in matched if r.shadow]
    needs = _needs(live)
    if not shadows:
        return needs
    shadow = min(shadows, key=lambda r: r.max_per_day or 0)
    as_if_live = _needs([*live, evolve(shadow, shadow=False)])
    return Requirement(
        needs.approvals,
        needs.approvers,
        needs.allowance,
        shadow=shadow.allowance,
        shadow_would=as_if_live.allowance is not None,
    )


def _in_force(rule: PolicyRule) -> PolicyRule:
    """A paused allowance asks for one person (of its `approvers`) until it is resumed."""
    if rule.paused is not None and rule.approvals == 0:
        return evolve(rule, approvals=1)
    return rule


def _needs(matched: Sequence[PolicyRule]) -> Requirement:
    if not matched:
        return ANYONE_ONCE
    approvals = max(r.approvals for r in matched)
    approvers = ADMINS if any(r.approvers == ADMINS for r in matched) else MEMBERS
    escalate = [r.escalate_after_minutes for r in matched if r.escalate_after_minutes]
    if approvals == 0:  # every matched rule is an allowance: the smallest one decides
        smallest = min(matched, key=lambda r: r.max_per_day or 0)
        return Requirement(0, approvers, smallest.allowance, min(escalate, default=None))
    return Requirement(approvals, approvers, None, min(escalate, default=None))


def mark_resumed(
    before: Sequence[PolicyRule] | None, rules: Sequence[PolicyRule], now: str
) -> tuple[PolicyRule, ...]:
    """`rules` with `resumedAt: now` on each live allowance that was paused in `before`: its
    record of failures starts again from there (service/actions/policies/pausing.py)."""
    was_paused = {r.allowance.key for r in before or () if r.approvals == 0 and r.paused}
    return tuple(
        evolve(r, resumed_at=now)
        if r.live_allowance and r.paused is None and r.allowance.key in was_paused
        else r
        for r in rules
    )
