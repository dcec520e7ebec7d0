from typing import Literal

ActionMode = Literal['live', 'test']

ACTION_MODE_VALUES: set[ActionMode] = { 'live', 'test',  }

def check_action_mode(value: str) -> ActionMode:
    if value in ACTION_MODE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ACTION_MODE_VALUES!r}")
