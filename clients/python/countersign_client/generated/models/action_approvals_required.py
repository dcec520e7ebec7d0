from typing import Literal

ActionApprovalsRequired = Literal[0, 1, 2]

ACTION_APPROVALS_REQUIRED_VALUES: set[ActionApprovalsRequired] = { 0, 1, 2,  }

def check_action_approvals_required(value: int) -> ActionApprovalsRequired:
    if value in ACTION_APPROVALS_REQUIRED_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ACTION_APPROVALS_REQUIRED_VALUES!r}")
