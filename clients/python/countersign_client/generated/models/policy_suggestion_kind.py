from typing import Literal

PolicySuggestionKind = Literal['admins_above', 'allowance', 'daily_limit', 'two_people']

POLICY_SUGGESTION_KIND_VALUES: set[PolicySuggestionKind] = { 'admins_above', 'allowance', 'daily_limit', 'two_people',  }

def check_policy_suggestion_kind(value: str) -> PolicySuggestionKind:
    if value in POLICY_SUGGESTION_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {POLICY_SUGGESTION_KIND_VALUES!r}")
