from typing import Literal

PolicyRuleApprovers = Literal['admins', 'members']

POLICY_RULE_APPROVERS_VALUES: set[PolicyRuleApprovers] = { 'admins', 'members',  }

def check_policy_rule_approvers(value: str) -> PolicyRuleApprovers:
    if value in POLICY_RULE_APPROVERS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {POLICY_RULE_APPROVERS_VALUES!r}")
