from typing import Literal

FailedLinkStatus = Literal['failed']

FAILED_LINK_STATUS_VALUES: set[FailedLinkStatus] = { 'failed',  }

def check_failed_link_status(value: str) -> FailedLinkStatus:
    if value in FAILED_LINK_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {FAILED_LINK_STATUS_VALUES!r}")
