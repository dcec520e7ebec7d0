from typing import Literal

AccountStatus = Literal['awaiting_2fa', 'awaiting_selfie', 'disconnected', 'healthy', 'needs_relink', 'restricted', 'syncing']

ACCOUNT_STATUS_VALUES: set[AccountStatus] = { 'awaiting_2fa', 'awaiting_selfie', 'disconnected', 'healthy', 'needs_relink', 'restricted', 'syncing',  }

def check_account_status(value: str) -> AccountStatus:
    if value in ACCOUNT_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ACCOUNT_STATUS_VALUES!r}")
