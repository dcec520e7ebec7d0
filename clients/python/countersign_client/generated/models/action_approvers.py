from typing import Literal

ActionApprovers = Literal['admins', 'members']

ACTION_APPROVERS_VALUES: set[ActionApprovers] = { 'admins', 'members',  }

def check_action_approvers(value: str) -> ActionApprovers:
    if value in ACTION_APPROVERS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ACTION_APPROVERS_VALUES!r}")
