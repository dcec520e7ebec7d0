from typing import Literal

AllowancePausedEventDataCause = Literal['platform_failures', 'rejections']

ALLOWANCE_PAUSED_EVENT_DATA_CAUSE_VALUES: set[AllowancePausedEventDataCause] = { 'platform_failures', 'rejections',  }

def check_allowance_paused_event_data_cause(value: str) -> AllowancePausedEventDataCause:
    if value in ALLOWANCE_PAUSED_EVENT_DATA_CAUSE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ALLOWANCE_PAUSED_EVENT_DATA_CAUSE_VALUES!r}")
