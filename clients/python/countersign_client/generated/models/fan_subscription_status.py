from typing import Literal

FanSubscriptionStatus = Literal['active', 'expired']

FAN_SUBSCRIPTION_STATUS_VALUES: set[FanSubscriptionStatus] = { 'active', 'expired',  }

def check_fan_subscription_status(value: str) -> FanSubscriptionStatus:
    if value in FAN_SUBSCRIPTION_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {FAN_SUBSCRIPTION_STATUS_VALUES!r}")
