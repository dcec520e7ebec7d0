from typing import Literal

ApplyPolicySuggestionBodyStage = Literal['live', 'shadow']

APPLY_POLICY_SUGGESTION_BODY_STAGE_VALUES: set[ApplyPolicySuggestionBodyStage] = { 'live', 'shadow',  }

def check_apply_policy_suggestion_body_stage(value: str) -> ApplyPolicySuggestionBodyStage:
    if value in APPLY_POLICY_SUGGESTION_BODY_STAGE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {APPLY_POLICY_SUGGESTION_BODY_STAGE_VALUES!r}")
