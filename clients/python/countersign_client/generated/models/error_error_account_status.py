from typing import Literal

ErrorErrorAccountStatus = Literal['awaiting_2fa', 'awaiting_selfie', 'disconnected', 'needs_relink', 'restricted']

ERROR_ERROR_ACCOUNT_STATUS_VALUES: set[ErrorErrorAccountStatus] = { 'awaiting_2fa', 'awaiting_selfie', 'disconnected', 'needs_relink', 'restricted',  }

def check_error_error_account_status(value: str) -> ErrorErrorAccountStatus:
    if value in ERROR_ERROR_ACCOUNT_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ERROR_ERROR_ACCOUNT_STATUS_VALUES!r}")
