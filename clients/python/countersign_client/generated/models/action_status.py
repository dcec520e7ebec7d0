from typing import Literal

ActionStatus = Literal['approved', 'cancelled', 'executed', 'executing', 'expired', 'failed', 'pending', 'rejected']

ACTION_STATUS_VALUES: set[ActionStatus] = { 'approved', 'cancelled', 'executed', 'executing', 'expired', 'failed', 'pending', 'rejected',  }

def check_action_status(value: str) -> ActionStatus:
    if value in ACTION_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ACTION_STATUS_VALUES!r}")
