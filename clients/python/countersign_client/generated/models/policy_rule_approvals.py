from typing import Literal

PolicyRuleApprovals = Literal[0, 1, 2]

POLICY_RULE_APPROVALS_VALUES: set[PolicyRuleApprovals] = { 0, 1, 2,  }

def check_policy_rule_approvals(value: int) -> PolicyRuleApprovals:
    if value in POLICY_RULE_APPROVALS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {POLICY_RULE_APPROVALS_VALUES!r}")
