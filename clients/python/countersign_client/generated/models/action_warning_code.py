from typing import Literal

ActionWarningCode = Literal['account_unhealthy', 'allowance_used_up', 'fan_not_found', 'fan_not_subscribed', 'list_not_found', 'media_not_found', 'price_below_platform_minimum']

ACTION_WARNING_CODE_VALUES: set[ActionWarningCode] = { 'account_unhealthy', 'allowance_used_up', 'fan_not_found', 'fan_not_subscribed', 'list_not_found', 'media_not_found', 'price_below_platform_minimum',  }

def check_action_warning_code(value: str) -> ActionWarningCode:
    if value in ACTION_WARNING_CODE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ACTION_WARNING_CODE_VALUES!r}")
