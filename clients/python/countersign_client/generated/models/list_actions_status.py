from typing import Literal

ListActionsStatus = Literal['all', 'approved', 'cancelled', 'executed', 'executing', 'expired', 'failed', 'pending', 'rejected']

LIST_ACTIONS_STATUS_VALUES: set[ListActionsStatus] = { 'all', 'approved', 'cancelled', 'executed', 'executing', 'expired', 'failed', 'pending', 'rejected',  }

def check_list_actions_status(value: str) -> ListActionsStatus:
    if value in LIST_ACTIONS_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_ACTIONS_STATUS_VALUES!r}")
