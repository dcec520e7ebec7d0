from typing import Literal

HostedLinkStatus = Literal['cancelled', 'connected', 'expired', 'failed', 'in_progress', 'waiting']

HOSTED_LINK_STATUS_VALUES: set[HostedLinkStatus] = { 'cancelled', 'connected', 'expired', 'failed', 'in_progress', 'waiting',  }

def check_hosted_link_status(value: str) -> HostedLinkStatus:
    if value in HOSTED_LINK_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {HOSTED_LINK_STATUS_VALUES!r}")
