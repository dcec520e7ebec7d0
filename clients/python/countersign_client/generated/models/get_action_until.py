from typing import Literal

GetActionUntil = Literal['decided', 'finished']

GET_ACTION_UNTIL_VALUES: set[GetActionUntil] = { 'decided', 'finished',  }

def check_get_action_until(value: str) -> GetActionUntil:
    if value in GET_ACTION_UNTIL_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {GET_ACTION_UNTIL_VALUES!r}")
