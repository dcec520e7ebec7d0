from typing import Literal

PolicySuggestionState = Literal['applied', 'new', 'shadow']

POLICY_SUGGESTION_STATE_VALUES: set[PolicySuggestionState] = { 'applied', 'new', 'shadow',  }

def check_policy_suggestion_state(value: str) -> PolicySuggestionState:
    if value in POLICY_SUGGESTION_STATE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {POLICY_SUGGESTION_STATE_VALUES!r}")
