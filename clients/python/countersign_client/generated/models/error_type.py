from typing import Literal

ErrorType = Literal['account_unavailable', 'authentication', 'conflict', 'internal', 'invalid_request', 'not_found', 'permission', 'rate_limited', 'upstream']

ERROR_TYPE_VALUES: set[ErrorType] = { 'account_unavailable', 'authentication', 'conflict', 'internal', 'invalid_request', 'not_found', 'permission', 'rate_limited', 'upstream',  }

def check_error_type(value: str) -> ErrorType:
    if value in ERROR_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ERROR_TYPE_VALUES!r}")
