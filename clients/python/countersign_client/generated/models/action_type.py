from typing import Literal

ActionType = Literal['add_fan_to_list', 'remove_fan_from_list', 'send_mass_message', 'send_message', 'unsend_message']

ACTION_TYPE_VALUES: set[ActionType] = { 'add_fan_to_list', 'remove_fan_from_list', 'send_mass_message', 'send_message', 'unsend_message',  }

def check_action_type(value: str) -> ActionType:
    if value in ACTION_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ACTION_TYPE_VALUES!r}")
