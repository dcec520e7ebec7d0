from typing import Literal

ApplyPolicySuggestionBodyKind = Literal['admins_above', 'allowance', 'daily_limit', 'two_people']

APPLY_POLICY_SUGGESTION_BODY_KIND_VALUES: set[ApplyPolicySuggestionBodyKind] = { 'admins_above', 'allowance', 'daily_limit', 'two_people',  }

def check_apply_policy_suggestion_body_kind(value: str) -> ApplyPolicySuggestionBodyKind:
    if value in APPLY_POLICY_SUGGESTION_BODY_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {APPLY_POLICY_SUGGESTION_BODY_KIND_VALUES!r}")
