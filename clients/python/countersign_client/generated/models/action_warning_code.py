from typing import Literal

ActionWarningCode = Literal['account_unhealthy', 'fan_not_found', 'fan_not_subscribed', 'list_not_found', 'mass_message_not_found', 'media_not_found', 'message_not_found', 'post_not_found', 'price_below_platform_minimum', 'vault_list_name_taken', 'vault_list_not_found']

ACTION_WARNING_CODE_VALUES: set[ActionWarningCode] = { 'account_unhealthy', 'fan_not_found', 'fan_not_subscribed', 'list_not_found', 'mass_message_not_found', 'media_not_found', 'message_not_found', 'post_not_found', 'price_below_platform_minimum', 'vault_list_name_taken', 'vault_list_not_found',  }

def check_action_warning_code(value: str) -> ActionWarningCode:
    if value in ACTION_WARNING_CODE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ACTION_WARNING_CODE_VALUES!r}")
