"""One approval rule, typed: parsed once from the JSON a client sends or the database holds,
rendered back to the same camelCase JSON (openapi.yaml's `PolicyRule`), and carrying its own
wording: the sentence the dashboard shows and the allowance's name that `decidedBy`, mail and
chat show.

The JSON names live here only: each is its field's name in camelCase (`FIELDS`), and the
dashboard's form and script take them from there. What a rule means is service/actions/policies/policy.py's.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any

from attrs import fields, frozen

from service.actions.types import REGISTRY, names
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode

Json = dict[str, Any]

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
class Paused:
    """Why and since when a live allowance approves nothing (service/actions/policies/pausing.py)."""

    at: str
    reason: str


@frozen
class PolicyRule:
    """A rule as stored and shown. The parser guarantees the combinations the API promises:
    `max_per_day` only (and always) on an allowance (`approvals` 0), `shadow` and `paused`
    only on one, `resumed_at` only on a live allowance that is not paused."""

    types: tuple[str, ...]
    approvals: int = 1
    approvers: str = MEMBERS
    min_price_cents: int | None = None
    min_recipients: int | None = None
    max_per_day: int | None = None
    escalate_after_minutes: int | None = None
    shadow: bool = False
    paused: Paused | None = None
    resumed_at: str | None = None

    @property
    def is_allowance(self) -> bool:
        return self.approvals == 0

    @property
    def live_allowance(self) -> bool:
        """An allowance that approves actions when it is not paused (a shadow one never does)."""
        return self.approvals == 0 and not self.shadow

    def matches(self, type_: str, price_cents: int, recipients: int | None) -> bool:
        if type_ not in self.types:
            return False
        if self.min_price_cents is not None and price_cents < self.min_price_cents:
            return False
        # An action with no estimate (unsend, list changes) never meets a recipients threshold.
        return self.min_recipients is None or (
            recipients is not None and recipients >= self.min_recipients
        )

    @property
    def allowance(self) -> Allowance:
        """The allowance this rule grants (an `approvals: 0` rule's), keyed by its scope."""
        types = sorted(self.types)
        # The key is stored with every use: these names and this form must never change.
        scope = {
            "types": types,
            "minPriceCents": self.min_price_cents,
            "minRecipients": self.min_recipients,
        }
        digest = hashlib.sha256(json.dumps(scope, sort_keys=True).encode()).hexdigest()[:16]
        what = " ".join([", ".join(types), *self._thresholds()])
        per_day = int(self.max_per_day or 0)
        return Allowance(digest, per_day, f"Allowance: {what}, up to {per_day} a day")

    def sentence(self) -> str:
        """The rule as people read it: "Send a mass message from 1000 recipients: 2 different
        people, admins and owners only"."""
        labels = ", ".join(REGISTRY[t].label if t in REGISTRY else t for t in self.types)
        scope = " ".join([labels, *self._thresholds()])
        who = "admins and owners only" if self.approvers == ADMINS else "any member"
        then = (
            f"; escalated after {self.escalate_after_minutes} min pending"
            if self.escalate_after_minutes
            else ""
        )
        if self.approvals != 0:
            count = "2 different people" if self.approvals == 2 else "1 approval"
            return f"{scope}: {count}, {who}{then}"
        state = ""
        if self.shadow:
            state = " (in shadow: approves nothing, marks what it would have approved)"
        elif self.paused is not None:
            state = " (paused: 1 approval until resumed)"
        return (
            f"{scope}: approved by the policy, up to {self.max_per_day} per account in "
            f"any 24 hours; then 1 approval, {who}{state}{then}"
        )

    def _thresholds(self) -> list[str]:
        where = []
        if self.min_price_cents is not None:
            where.append(f"from ${self.min_price_cents / 100:,.2f}")
        if self.min_recipients is not None:
            where.append(f"from {self.min_recipients} recipients")
        return where

    def to_json(self, *, sparse: bool = False) -> Json:
        """The rule as the API shows it and the database stores it: the thresholds always
        (null when unset; left out when `sparse`, as a suggestion shows them), every other
        optional field only when set, so rules stored before it existed read back as they
        were."""
        out: Json = {}
        for name, key in FIELDS.items():
            value = getattr(self, name)
            if name in _ALWAYS or (name in _THRESHOLDS and not sparse):
                out[key] = list(value) if name == "types" else value
            elif value is not None and value is not False:
                out[key] = {"at": value.at, "reason": value.reason} if name == "paused" else value
        return out

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> PolicyRule:
        """A rule as stored (checked when it was written): read as it is, never refused, so
        a type since retired still reads."""
        paused = raw.get(FIELDS["paused"])
        approvals = int(raw.get(FIELDS["approvals"], 1))
        return cls(
            types=tuple(dict.fromkeys(raw.get(FIELDS["types"]) or ())),
            approvals=approvals,
            approvers=raw.get(FIELDS["approvers"]) or MEMBERS,
            min_price_cents=raw.get(FIELDS["min_price_cents"]),
            min_recipients=raw.get(FIELDS["min_recipients"]),
            max_per_day=_int_or_none(raw.get(FIELDS["max_per_day"])) if approvals == 0 else None,
            escalate_after_minutes=_int_or_none(raw.get(FIELDS["escalate_after_minutes"])),
            shadow=bool(raw.get(FIELDS["shadow"])),
            paused=Paused(str(paused["at"]), str(paused["reason"])) if paused else None,
            resumed_at=_resumed_at(raw, approvals, paused),
        )


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(word.title() for word in rest)


Rules = tuple[PolicyRule, ...]
"""A policy: its rules in order (the dashboard's form keeps them by their place)."""

FIELDS: dict[str, str] = {f.name: _camel(f.name) for f in fields(PolicyRule)}
"""Each field's JSON name, in the order the API shows them: the one place they are spelled."""
_ALWAYS = ("types", "approvals", "approvers")
_THRESHOLDS = ("min_price_cents", "min_recipients")


def _int_or_none(value: Any) -> int | None:
    return None if value is None else int(value)


def _resumed_at(raw: Mapping[str, Any], approvals: int, paused: Any) -> str | None:
    """Kept only on an allowance that is not paused: a pause starts its record afresh."""
    value = raw.get(FIELDS["resumed_at"])
    return value if isinstance(value, str) and approvals == 0 and paused is None else None


def stored_rules(raw: Sequence[Mapping[str, Any]] | None) -> Rules | None:
    """Rules as the database holds them (None: no rules of its own)."""
    return None if raw is None else tuple(PolicyRule.from_json(r) for r in raw)


def rules_of(
    own: Sequence[Mapping[str, Any]] | None, default: Sequence[Mapping[str, Any]] | None
) -> Rules | None:
    """The rules an account follows, read from their JSON once: its own (even none), else the
    workspace default (None when the workspace has none either)."""
    if own is not None:
        return stored_rules(own)
    return stored_rules(default) if default else None


def stored_json(rules: Sequence[PolicyRule] | None) -> list[Json] | None:
    """Rules as the database stores them and the API shows them."""
    return None if rules is None else [r.to_json() for r in rules]


def parse_rules(raw: Sequence[Any]) -> Rules:
    """Rules a person or a script sent, checked: the edge validates REST bodies against
    openapi.yaml, the dashboard's form and the other channels are checked here, so every channel
    stores only rules the API would accept. Refused with `invalid_parameter` naming the field
    (`rules[i].maxPerDay`)."""
    return tuple(parse_rule(i, rule) for i, rule in enumerate(raw))


def _bad(i: int, name: str, message: str) -> ApiError:
    return ApiError(ErrorCode.INVALID_PARAMETER, message, param=f"rules[{i}].{name}")


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def parse_rule(i: int, raw: Any) -> PolicyRule:
    """Rule `i` of a request, checked (see parse_rules)."""
    if not isinstance(raw, Mapping):
        raise ApiError(ErrorCode.INVALID_PARAMETER, "A rule is an object.", param=f"rules[{i}]")
    unknown = sorted(set(raw) - set(FIELDS.values()))
    if unknown:
        raise _bad(i, unknown[0], f"A rule has no field `{unknown[0]}`.")
    key = FIELDS
    types = raw.get(key["types"])
    if not isinstance(types, list) or not types or not all(t in names() for t in types):
        raise _bad(i, key["types"], f"Choose one or more action types: {', '.join(names())}.")
    approvals = raw.get(key["approvals"], 1)
    if approvals not in (0, 1, 2) or isinstance(approvals, bool):
        raise _bad(i, key["approvals"], "A rule asks for 0 (an allowance), 1 or 2 approvals.")
    per_day = raw.get(key["max_per_day"])
    if approvals == 0 and per_day is None:
        raise _bad(
            i,
            key["max_per_day"],
            "A rule with `approvals: 0` must say `maxPerDay`, how many actions it approves "
            "per account in any 24 hours (1 to 10000).",
        )
    if per_day is not None and approvals != 0:
        raise _bad(i, key["max_per_day"], "`maxPerDay` belongs only to a rule with `approvals: 0`.")
    if per_day is not None and (not _whole(per_day) or not 1 <= per_day <= MAX_PER_DAY):
        raise _bad(i, key["max_per_day"], f"`maxPerDay` is a whole number from 1 to {MAX_PER_DAY}.")
    _check_autonomy(i, raw, approvals)
    if raw.get(key["approvers"], MEMBERS) not in (MEMBERS, ADMINS):
        raise _bad(i, key["approvers"], "Approvers are `members` or `admins`.")
    escalate = raw.get(key["escalate_after_minutes"])
    if escalate is not None and (not _whole(escalate) or not 1 <= escalate <= ESCALATE_MAX):
        raise _bad(
            i,
            key["escalate_after_minutes"],
            f"`escalateAfterMinutes` is a whole number of minutes from 1 to {ESCALATE_MAX:,}.",
        )
    for name in _THRESHOLDS:
        value = raw.get(key[name])
        if value is not None and (not _whole(value) or value < 0):
            raise _bad(i, key[name], f"`{key[name]}` is a whole number, 0 or more.")
    return PolicyRule.from_json(raw)


def _check_autonomy(i: int, raw: Mapping[str, Any], approvals: Any) -> None:
    shadow, paused = raw.get(FIELDS["shadow"], False), raw.get(FIELDS["paused"])
    if not isinstance(shadow, bool):
        raise _bad(i, FIELDS["shadow"], "`shadow` is true or false.")
    if shadow and approvals != 0:
        raise _bad(i, FIELDS["shadow"], "`shadow` belongs only to a rule with `approvals: 0`.")
    if paused is None:
        return
    if approvals != 0 or shadow:
        raise _bad(i, FIELDS["paused"], "Only a live allowance (`approvals: 0`) can be paused.")
    if not isinstance(paused, dict) or not all(
        isinstance(paused.get(k), str) for k in ("at", "reason")
    ):
        raise _bad(
            i, FIELDS["paused"], "`paused` is `{at, reason}`; leave it out to resume the rule."
        )
